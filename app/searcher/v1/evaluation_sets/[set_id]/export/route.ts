import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { exportQuery } from '@/lib/evaluation/contract';
import { assertMayEvaluate } from '@/lib/evaluation/access';
import { questionsToCsv } from '@/lib/evaluation/files';
import { getSet } from '@/lib/evaluation/sets';
import { otherMethods } from '@/lib/http/unsupported';

/** A file name people can keep: the set's name, letters, digits and hyphens only. */
function fileName(name: string, extension: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'evaluation-set';
  return `${base}.${extension}`;
}

export const GET = route({ family: 'knowledge', params: idParams('set_id'), query: exportQuery }, async ({ principal, params, query }) => {
  assertMayEvaluate(principal);
  const set = await getSet(projectOf(principal), params.set_id);
  const format = query.format ?? 'csv';
  const body = format === 'csv' ? questionsToCsv(set.questions) : `${JSON.stringify({ name: set.name, questions: set.questions }, null, 2)}\n`;
  return new Response(body, {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName(set.name, format)}"`,
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
