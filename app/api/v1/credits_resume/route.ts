import { route } from '@/lib/http/route';
import { creditsQuery } from '@/lib/reports/contract';
import { creditsReport } from '@/lib/reports/credits';
import { reportScope } from '@/lib/reports/scope';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'reports', report: 'credits_resume', query: creditsQuery }, ({ principal, query }) =>
  creditsReport(reportScope(principal), query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
