import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { evaluationQuestion } from '@/lib/evaluation/contract';
import { addQuestion } from '@/lib/evaluation/sets';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'knowledge', write: true, params: idParams('set_id'), body: evaluationQuestion }, async ({ principal, params, body }) =>
  addQuestion(projectOf(principal), params.set_id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
