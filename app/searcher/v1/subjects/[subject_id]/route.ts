import { knowledgeItemRoutes } from '@/lib/http/item-routes';
import { deleteSubject, getSubject, renameSubject } from '@/lib/knowledge/subjects';
import { subjectBody } from '@/lib/knowledge/contract';

// One subject (its page in the editors, and their breadcrumbs).
export const { GET, PUT, DELETE, POST, PATCH } = knowledgeItemRoutes('subject_id', subjectBody, {
  get: getSubject,
  update: (projectId, id, body) => renameSubject(projectId, id, body.name),
  remove: deleteSubject,
});
