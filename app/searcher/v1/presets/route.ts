import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { listPresets } from '@/lib/console/catalog';
import { catalogListQuery, presetCreateBody } from '@/lib/generation/contract';
import { createPresetRecord, listPresetRecords } from '@/lib/generation/presets';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

/** The console's list; `?include=settings` adds each preset's template, parameters, model id and uses. */
export const GET = route({ family: 'knowledge', query: catalogListQuery }, async ({ principal, query }) =>
  query.include === 'settings' ? listPresetRecords(projectOf(principal)) : listPresets(projectOf(principal)),
);

export const POST = route({ family: 'knowledge', body: presetCreateBody }, async ({ principal, body }) => {
  requireCatalogManager(principal);
  return Response.json(await createPresetRecord(projectOf(principal), body), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
