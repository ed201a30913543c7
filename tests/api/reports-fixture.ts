// The small fixed data set the report tests compute their expectations from.
// Every figure asserted in reports-*.test.ts follows from the rows below.
import crypto from 'node:crypto';
import { db } from '@/lib/db/client';
import { recordInteraction, type InteractionInput } from '@/lib/usage/record';
import { createDatamodelFor, createKnowledge, createTenant, type Tenant } from '../helpers/tenant';

export type Usage = Pick<InteractionInput, 'type' | 'origin'> & { at: string; tokens: number; credits: number; datamodel?: 'Assistant' | 'Helper' };

/**
 * Credits and tokens of the tenant's main project:
 *
 * | at (UTC)             | origin    | type       | datamodel | tokens | credits |
 * |----------------------|-----------|------------|-----------|--------|---------|
 * | 2025-02-28T23:59:59Z | api       | search     | Assistant |     80 |      80 | last second before March
 * | 2025-03-01T00:00:00Z | api       | search     | Assistant |    100 |     100 | first second of March
 * | 2025-03-15T12:00:00Z | workspace | stream     | Assistant |    200 |     240 |
 * | 2025-03-31T23:59:59Z | smartpage | deepsearch | Helper    |    300 |     600 |
 * | 2025-03-31T23:59:59Z | api       | search     | (none)    |     50 |      50 |
 * | 2025-04-01T00:00:00Z | api       | search     | Assistant |   1000 |    1000 | first second of April
 * | 2025-04-20T08:00:00Z | workspace | search     | Helper    |    500 |     500 |
 */
export const USAGE: Usage[] = [
  { at: '2025-02-28T23:59:59Z', origin: 'api', type: 'search', datamodel: 'Assistant', tokens: 80, credits: 80 },
  { at: '2025-03-01T00:00:00Z', origin: 'api', type: 'search', datamodel: 'Assistant', tokens: 100, credits: 100 },
  { at: '2025-03-15T12:00:00Z', origin: 'workspace', type: 'stream', datamodel: 'Assistant', tokens: 200, credits: 240 },
  { at: '2025-03-31T23:59:59Z', origin: 'smartpage', type: 'deepsearch', datamodel: 'Helper', tokens: 300, credits: 600 },
  { at: '2025-03-31T23:59:59Z', origin: 'api', type: 'search', tokens: 50, credits: 50 },
  { at: '2025-04-01T00:00:00Z', origin: 'api', type: 'search', datamodel: 'Assistant', tokens: 1000, credits: 1000 },
  { at: '2025-04-20T08:00:00Z', origin: 'workspace', type: 'search', datamodel: 'Helper', tokens: 500, credits: 500 },
];

export type ReportTenant = Tenant & {
  datamodels: { Assistant: { id: number }; Helper: { id: number } };
  datasets: { Handbook: { id: number }; FAQ: { id: number } };
};

/** A tenant with two datasets, two datamodels, smartpages, an add-on of 200 credits from 2025-03-01 and USAGE. */
export async function reportTenant(label = 'reports', usage: Usage[] = USAGE): Promise<ReportTenant> {
  const t = await createTenant(label);
  const handbook = await createKnowledge(t, 'Handbook');
  const faq = await createKnowledge(t, 'FAQ');
  const assistant = (await createDatamodelFor(t, 'Handbook', 'Assistant')).datamodel;
  const helper = (await createDatamodelFor(t, 'FAQ', 'Helper')).datamodel;
  await db().creditAddon.create({ data: { organizationId: t.organization.id, name: 'Boost', credits: 200, validFrom: new Date('2025-03-01T00:00:00Z') } });
  const priv = await db().smartpage.create({
    data: { projectId: t.project.id, datamodelId: assistant.id, name: 'Private', slug: `private-${t.tag}`, visibility: 'private' },
  });
  await db().smartpage.create({ data: { projectId: t.project.id, datamodelId: helper.id, name: 'Public', slug: `public-${t.tag}`, visibility: 'public' } });
  await db().smartpageUser.createMany({
    data: [
      { smartpageId: priv.id, email: 'a@x.test' },
      { smartpageId: priv.id, email: 'b@x.test' },
    ],
  });
  await db().organization.update({ where: { id: t.organization.id }, data: { indexedTokens: 1234 } });
  const datamodels = { Assistant: assistant, Helper: helper };
  const datasets = { Handbook: handbook.dataset, FAQ: faq.dataset };
  const conversation = await newConversation(t.project.id, 'usage', new Date('2025-02-01T00:00:00Z'));
  for (const u of usage) {
    const dm = u.datamodel ? datamodels[u.datamodel] : null;
    await recordInteraction({
      conversationId: conversation,
      projectId: t.project.id,
      organizationId: t.organization.id,
      type: u.type,
      origin: u.origin,
      question: `question at ${u.at}`,
      content: 'answer',
      datamodelId: dm?.id ?? null,
      datamodelName: u.datamodel ?? '',
      datasetName: u.datamodel === 'Helper' ? 'FAQ' : 'Handbook',
      promptTokens: u.tokens - 10,
      completionTokens: 10,
      totalTokens: u.tokens,
      totalTokensWithFee: u.credits,
      createdAt: new Date(u.at),
    });
  }
  return { ...t, datamodels, datasets };
}

export async function newConversation(projectId: number, identifier: string, createdAt: Date, origin = 'api'): Promise<string> {
  const id = crypto.randomUUID();
  await db().conversation.create({ data: { id, projectId, identifier, origin, createdAt, updatedAt: createdAt } });
  return id;
}
