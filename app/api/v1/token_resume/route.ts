import { route } from '@/lib/http/route';
import { tokensQuery } from '@/lib/reports/contract';
import { tokensReport } from '@/lib/reports/tokens';
import { reportScope } from '@/lib/reports/scope';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'reports', report: 'token_resume', query: tokensQuery }, ({ principal, query }) =>
  tokensReport(reportScope(principal), query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
