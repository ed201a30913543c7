import { route } from '@/lib/http/route';
import { answerResponse } from '@/lib/http/answers';
import { searchRequestBody } from '@/lib/search/contract';
import { callerFromPrincipal, runSearch } from '@/lib/search/service';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'search', body: searchRequestBody }, async ({ principal, body, request }) =>
  answerResponse(await runSearch(body, callerFromPrincipal(principal, undefined, body.user), 'deepsearch', request.signal)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
