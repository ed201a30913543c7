import { route } from '@/lib/http/route';
import { answerStream } from '@/lib/http/answers';
import { searchRequestBody } from '@/lib/search/contract';
import { callerFromPrincipal, streamSearch } from '@/lib/search/service';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'search', body: searchRequestBody }, async ({ principal, body }) =>
  answerStream(await streamSearch(body, callerFromPrincipal(principal, undefined, body.user))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
