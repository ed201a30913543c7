// A fresh organisation per test (unique names), so tests never see each
// other's data even on a shared PostgreSQL database.
import crypto from 'node:crypto';
import { db } from '@/lib/db/client';
import { addMember, createOrganization, createProject, upsertPlan } from '@/lib/tenancy/organizations';
import { createApiKey, createProjectToken } from '@/lib/auth/keys';
import { issueUserToken } from '@/lib/auth/users';
import { upsertGenerativeModel, createPreset, createDatamodel } from '@/lib/generation/catalog';
import type { Role } from '@/lib/auth/roles';

export const PASSWORD = 'correct horse battery';

/** The limits of every test tenant's plan; tests that make plans of their own start from them. */
export const TEST_PLAN_LIMITS = {
  creditLimit: 1000,
  datamodelLimit: 3,
  privateSmartpageLimit: 2,
  publicSmartpageLimit: 2,
  privateSmartpageUserLimit: 10,
  indexedTokenLimit: 1_000_000,
};

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export async function createTenant(label = 'org') {
  const tag = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  await upsertPlan({ name: 'Test plan', ...TEST_PLAN_LIMITS });
  const organization = await createOrganization({ name: `Org ${tag}`, planName: 'Test plan' });
  const project = await createProject(organization.id, 'Main');
  const users = {} as Record<Role, { id: number; email: string }>;
  const userTokens = {} as Record<Role, string>;
  for (const role of ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const) {
    const email = `${role.toLowerCase()}-${tag}@test.local`;
    const user = await addMember(organization.id, { email, name: `${role} ${tag}`, password: PASSWORD, role });
    users[role] = { id: user.id, email };
    userTokens[role] = (await issueUserToken(email, PASSWORD, 'tenant-helper')).access_token;
  }
  const apiKey = (await createApiKey(project.id, { name: 'test key', userId: users.OWNER.id })).token;
  const projectToken = (await createProjectToken(project.id, { name: 'test token' })).token;
  return { tag, organization, project, users, userTokens, apiKey, projectToken };
}

/** A dataset with one subject and one content, for tests that need knowledge rows. */
export async function createKnowledge(tenant: Tenant, name = 'Handbook') {
  const dataset = await db().dataset.create({ data: { projectId: tenant.project.id, name, description: `${name} description` } });
  const subject = await db().subject.create({ data: { datasetId: dataset.id, name: 'General' } });
  const content = await db().content.create({ data: { datasetId: dataset.id, subjectId: subject.id, name: 'Welcome', source: 'https://example.com/welcome' } });
  return { dataset, subject, content };
}

/** The extractive model, a preset and a datamodel over a dataset. */
export async function createDatamodelFor(tenant: Tenant, datasetName: string, name = 'Assistant') {
  await upsertGenerativeModel({ name: 'extractive', provider: 'extractive', feeSearch: 1, feeStream: 1, feeDeepsearch: 2 });
  const preset = await createPreset(tenant.project.id, { identifier: `preset-${name.toLowerCase()}`, generativeModelName: 'extractive' });
  const datamodel = await createDatamodel(tenant.project.id, { name, datasetName, presetIdentifier: preset.identifier });
  return { preset, datamodel };
}

/** A tenant whose dataset `name` is answered by the datamodel `<name> assistant`. */
export async function createTenantWithAssistant(label: string, name: string) {
  const tenant = await createTenant(label);
  await createKnowledge(tenant, name);
  const { datamodel } = await createDatamodelFor(tenant, name, `${name} assistant`);
  return { tenant, datamodelId: datamodel.id };
}
