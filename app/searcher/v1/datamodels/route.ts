import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { listDatamodels } from '@/lib/console/catalog';
import { catalogListQuery, datamodelCreateBody } from '@/lib/generation/contract';
import { createDatamodelRecord, listDatamodelRecords } from '@/lib/generation/datamodels';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

/** The console's list; `?include=settings` adds each datamodel's model id and uses. */
export const GET = route({ family: 'knowledge', query: catalogListQuery }, async ({ principal, query }) =>
  query.include === 'settings' ? listDatamodelRecords(projectOf(principal)) : listDatamodels(projectOf(principal)),
);

export const POST = route({ family: 'knowledge', body: datamodelCreateBody }, async ({ principal, body }) => {
  requireCatalogManager(principal);
  return Response.json(await createDatamodelRecord(projectOf(principal), principal.organizationId, body), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
