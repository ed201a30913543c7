import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { listDatasetsFull } from '@/lib/knowledge/datasets';

export const GET = route({ family: 'knowledge' }, async ({ principal }) => listDatasetsFull(projectOf(principal)));
