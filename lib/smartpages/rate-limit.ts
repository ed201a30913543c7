// Rate limit of a smartpage's public routes (questions and ratings): one
// token bucket per client address and page, so a busy page does not block
// another and one visitor cannot spend the organisation's credits alone.
// A route() option: `route({ family: 'public', rateLimit: perSmartpageVisitor, … })`.
// The client address trusts X-Forwarded-For only from TRUSTED_PROXIES
// (lib/http/client-address.ts).
import { appConfig } from '../config';
import { clientAddress } from '../http/client-address';
import type { RateLimitPolicy } from '../http/limit-policy';

/** The limit from the configuration (SMARTPAGE_RATE_LIMIT_*, lib/config/smartpages.ts); null: off. */
export const smartpageRateLimit = () => appConfig().smartpageRateLimit;

/** Counts a request against its client address and page, before anything is parsed (a refused request costs no search). */
export const perSmartpageVisitor: RateLimitPolicy = {
  limit: () => smartpageRateLimit(),
  key: ({ request, params }) => `${clientAddress(request)} ${String(params.slug ?? '').slice(0, 100)}`,
  refusal: (seconds) => `Too many requests to this smartpage; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
  prefix: 'ks:rl:smartpage:',
};
