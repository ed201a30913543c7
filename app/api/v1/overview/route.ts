import { route } from '@/lib/http/route';
import { overviewQuery } from '@/lib/reports/contract';
import { overviewReport } from '@/lib/reports/overview';
import { reportScope } from '@/lib/reports/scope';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'reports', report: 'overview', query: overviewQuery }, ({ principal, query }) =>
  overviewReport(reportScope(principal), principal.email, query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
