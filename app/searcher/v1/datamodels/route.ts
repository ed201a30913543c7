import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { listDatamodels } from '@/lib/console/catalog';

export const GET = route({ family: 'knowledge' }, async ({ principal }) => listDatamodels(projectOf(principal)));
