import { datamodelUpdateBody } from '@/lib/generation/contract';
import { deleteDatamodel, getDatamodel, updateDatamodel } from '@/lib/generation/datamodels';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { catalogItemRoutes } from '@/lib/http/item-routes';

export const { GET, PATCH, DELETE, POST, PUT } = catalogItemRoutes('datamodel_id', datamodelUpdateBody, {
  get: getDatamodel,
  update: updateDatamodel,
  remove: deleteDatamodel,
  requireManager: requireCatalogManager,
});
