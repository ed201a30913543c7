import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { createDataset, listDatasets } from '@/lib/knowledge/datasets';
import { datasetCreateBody } from '@/lib/knowledge/contract';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge' }, async ({ principal }) => listDatasets(projectOf(principal)));

export const POST = route({ family: 'knowledge', write: true, body: datasetCreateBody }, async ({ principal, body }) =>
  Response.json(await createDataset(projectOf(principal), body), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
