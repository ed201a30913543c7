import { route } from '@/lib/http/route';
import { assessmentBody } from '@/lib/assessments/contract';
import { recordAssessment } from '@/lib/assessments/record';
import { otherMethods } from '@/lib/http/unsupported';

// API keys (clients rate right after searching), user tokens and sessions.
export const POST = route({ family: 'assessments', body: assessmentBody }, ({ principal, body }) => recordAssessment(principal, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
