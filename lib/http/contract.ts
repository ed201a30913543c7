// A route's contract, readable from its handler: route() attaches the config
// it was built with (auth family, flags, zod schemas) as a non-enumerable
// `contract` property. The OpenAPI document (lib/openapi) is built from it.
import type { z } from 'zod';
import type { PathFamily, Report } from '../auth/roles';

export type RouteContract = {
  family: PathFamily | 'public';
  report?: Report;
  write?: boolean;
  params?: z.ZodObject<z.ZodRawShape>;
  query?: z.ZodObject<z.ZodRawShape>;
  body?: z.ZodType;
  /** Whose bucket a request counts against (lib/http/limit-policy.ts); false: none. */
  rateLimit?: unknown;
};

export function attachContract<F extends (...args: never[]) => unknown>(handler: F, contract: RouteContract): F {
  return Object.defineProperty(handler, 'contract', { value: contract, enumerable: false });
}

/** For wrappers around a route's handler (a rate limit): the wrapper keeps the contract. */
export function keepContract<F extends (...args: never[]) => unknown>(from: unknown, wrapper: F): F {
  const contract = contractOf(from);
  return contract ? attachContract(wrapper, contract) : wrapper;
}

export function contractOf(handler: unknown): RouteContract | undefined {
  if (typeof handler !== 'function') return undefined;
  return (handler as { contract?: RouteContract }).contract;
}
