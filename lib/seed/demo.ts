// The demo organisation seeded on the first start of an empty database, so a
// newcomer can sign in and call the API at once. Idempotent: it does nothing
// when any organisation exists.
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../server/private-files';
import { db } from '../db/client';
import { appConfig } from '../config';
import { addCreditAddon, addMember, createOrganization, createProject, upsertPlan } from '../tenancy/organizations';
import { createApiKey, createProjectToken } from '../auth/keys';
import { createDatamodel, createPreset, upsertGenerativeModel } from '../generation/catalog';
import { replacePassages, type PassageInput } from '../knowledge/passages';
import { countTokens } from '../text/tokens';
import { DEMO_DOCUMENTS } from './demo-documents';

export const DEMO_USERS = [
  { email: 'owner@demo.local', name: 'Olivia Owner', role: 'OWNER' },
  { email: 'admin@demo.local', name: 'Adam Admin', role: 'ADMIN' },
  { email: 'editor@demo.local', name: 'Edith Editor', role: 'EDITOR' },
  { email: 'viewer@demo.local', name: 'Victor Viewer', role: 'VIEWER' },
] as const;

export type DemoSeed = { ownerEmail: string; ownerPassword: string; apiKey: string; projectToken: string; credentialsFile: string };

export async function seedDemo(): Promise<DemoSeed | null> {
  if ((await db().organization.count()) > 0) return null;
  await upsertPlan({
    name: 'Business',
    interval: 'monthly',
    creditLimit: 1_000_000,
    datamodelLimit: 10,
    privateSmartpageLimit: 5,
    publicSmartpageLimit: 5,
    privateSmartpageUserLimit: 50,
    indexedTokenLimit: 50_000_000,
  });
  await upsertGenerativeModel({ name: 'extractive', provider: 'extractive', feeSearch: 1, feeStream: 1, feeDeepsearch: 2 });
  const organization = await createOrganization({ name: 'Demo Organisation', planName: 'Business' });
  await addCreditAddon(organization.id, 'Extra 100k', 100_000);
  const users = [];
  for (const user of DEMO_USERS) users.push(await addMember(organization.id, { ...user, password: appConfig().demoPassword }));
  const project = await createProject(organization.id, 'Default project');
  const apiKey = await createApiKey(project.id, { name: 'Demo key', userId: users[0].id });
  const projectToken = await createProjectToken(project.id, { name: 'Demo reports token' });

  const dataset = await db().dataset.create({ data: { projectId: project.id, name: 'Product handbook', description: 'How Knowledge Search works' } });
  const subject = await db().subject.create({ data: { datasetId: dataset.id, name: 'Getting started' } });
  for (const doc of DEMO_DOCUMENTS) {
    const content = await db().content.create({ data: { datasetId: dataset.id, subjectId: subject.id, name: doc.name, source: doc.source } });
    const passages: PassageInput[] = [];
    for (const text of doc.paragraphs) passages.push({ heading: doc.name, text, tokenCount: await countTokens(text) });
    await db().$transaction((tx) => replacePassages(tx, content, organization.id, passages));
  }
  await createPreset(project.id, { identifier: 'default', name: 'Default answers', generativeModelName: 'extractive' });
  await createDatamodel(project.id, { name: 'Handbook assistant', datasetName: dataset.name, presetIdentifier: 'default' });

  const credentialsFile = path.join(appConfig().dataDir, 'demo-credentials.json');
  ensurePrivateDir(path.dirname(credentialsFile));
  const seed = {
    ownerEmail: DEMO_USERS[0].email,
    ownerPassword: appConfig().demoPassword,
    apiKey: apiKey.token,
    projectToken: projectToken.token,
    credentialsFile,
  };
  fs.writeFileSync(credentialsFile, JSON.stringify(seed, null, 2), { mode: 0o600 });
  return seed;
}
