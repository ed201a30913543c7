import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { setImportBody } from '@/lib/evaluation/contract';
import { questionsFromCsv, questionsFromJson } from '@/lib/evaluation/files';
import { updateSet } from '@/lib/evaluation/sets';
import { otherMethods } from '@/lib/http/unsupported';

// The file's text travels in a JSON body (the browser reads the file): one
// content type for every write, and the same size bound as other bodies.
export const POST = route({ family: 'knowledge', write: true, params: idParams('set_id'), body: setImportBody }, async ({ principal, params, body }) => {
  const questions = body.format === 'csv' ? questionsFromCsv(body.text) : questionsFromJson(body.text);
  return updateSet(projectOf(principal), params.set_id, { questions });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
