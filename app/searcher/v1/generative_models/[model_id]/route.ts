import { generativeModelUpdateBody } from '@/lib/generation/contract';
import { deleteGenerativeModel, getGenerativeModel, updateGenerativeModel } from '@/lib/generation/models';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { catalogItemRoutes } from '@/lib/http/item-routes';

export const { GET, PATCH, DELETE, POST, PUT } = catalogItemRoutes('model_id', generativeModelUpdateBody, {
  get: getGenerativeModel,
  update: updateGenerativeModel,
  remove: deleteGenerativeModel,
  requireManager: requireCatalogManager,
});
