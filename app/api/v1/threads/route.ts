import { route } from '@/lib/http/route';
import { threadsQuery } from '@/lib/reports/contract';
import { threadsReport } from '@/lib/reports/threads/report';
import { reportScope } from '@/lib/reports/scope';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'reports', report: 'threads', query: threadsQuery }, ({ principal, query }) => threadsReport(reportScope(principal), query));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
