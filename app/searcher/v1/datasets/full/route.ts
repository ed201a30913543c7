import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { listDatasetsFull } from '@/lib/knowledge/datasets';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge' }, async ({ principal }) => listDatasetsFull(projectOf(principal)));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
