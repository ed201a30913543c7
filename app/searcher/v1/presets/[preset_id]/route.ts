import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { presetUpdateBody } from '@/lib/generation/contract';
import { deletePreset, getPreset, updatePreset } from '@/lib/generation/presets';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('preset_id');

export const GET = route({ family: 'knowledge', params }, async ({ principal, params }) => getPreset(projectOf(principal), params.preset_id));

export const PATCH = route({ family: 'knowledge', params, body: presetUpdateBody }, async ({ principal, params, body }) => {
  requireCatalogManager(principal);
  return updatePreset(projectOf(principal), params.preset_id, body);
});

export const DELETE = route({ family: 'knowledge', params }, async ({ principal, params }) => {
  requireCatalogManager(principal);
  await deletePreset(projectOf(principal), params.preset_id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
