import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { listPresets } from '@/lib/console/catalog';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'knowledge' }, async ({ principal }) => listPresets(projectOf(principal)));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
