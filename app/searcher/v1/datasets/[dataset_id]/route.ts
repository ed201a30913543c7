import { knowledgeItemRoutes } from '@/lib/http/item-routes';
import { deleteDataset, getDataset, renameDataset } from '@/lib/knowledge/datasets';
import { datasetUpdateBody } from '@/lib/knowledge/contract';

export const { GET, PUT, DELETE, POST, PATCH } = knowledgeItemRoutes('dataset_id', datasetUpdateBody, {
  get: getDataset,
  update: renameDataset,
  remove: deleteDataset,
});
