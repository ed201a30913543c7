import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { listPresets } from '@/lib/console/catalog';

export const GET = route({ family: 'knowledge' }, async ({ principal }) => listPresets(projectOf(principal)));
