import { presetUpdateBody } from '@/lib/generation/contract';
import { deletePreset, getPreset, updatePreset } from '@/lib/generation/presets';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { catalogItemRoutes } from '@/lib/http/item-routes';

export const { GET, PATCH, DELETE, POST, PUT } = catalogItemRoutes('preset_id', presetUpdateBody, {
  get: getPreset,
  update: updatePreset,
  remove: deletePreset,
  requireManager: requireCatalogManager,
});
