import { route } from '@/lib/http/route';
import { downloadQuery } from '@/lib/reports/contract';
import { reportDownload, XLSX_CONTENT_TYPE } from '@/lib/reports/download';
import { reportScope } from '@/lib/reports/scope';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'reports', report: 'report_download', query: downloadQuery }, async ({ principal, query }) => {
  const { filename, body } = await reportDownload(reportScope(principal), principal.organizationName, query);
  return new Response(body, {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
