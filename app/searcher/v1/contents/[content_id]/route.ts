import { knowledgeItemRoutes } from '@/lib/http/item-routes';
import { deleteContent, getContentDetail, updateContent } from '@/lib/knowledge/contents';
import { contentUpdateBody } from '@/lib/knowledge/contract';

export const { GET, PUT, DELETE, POST, PATCH } = knowledgeItemRoutes('content_id', contentUpdateBody, {
  get: getContentDetail,
  update: updateContent,
  remove: deleteContent,
});
