// A URL that the fetch policy would refuse is refused when it is submitted
// (400 naming the URL and the reason), not after the worker tried it four
// times: a literal private or loopback address, a port that is not allowed,
// or a name whose DNS answer holds a refused address (the same rules and
// messages as fetch-safely.ts, which this reuses).
//
// This is a courtesy to the person submitting, not the guard: the worker
// resolves and checks every hop again when it fetches (a name can resolve
// differently by then: DNS rebinding). So a lookup that fails or is slow
// here lets the URL through, and the worker decides.
import { importConfig, type ImportConfig } from './config';
import { ImportError } from './errors';
import { checkTarget, systemResolve, type Resolver } from './fetch-safely';

/** How long a submission waits for one host's DNS answer. */
export const SUBMISSION_LOOKUP_MS = 2000;

/** A lookup that gave no usable answer in time: not a refusal. */
class LookupUnavailable extends ImportError {}

function boundedResolver(resolve: Resolver, ms: number): Resolver {
  return async (host) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LookupUnavailable(`No DNS answer for ${host} within ${ms} ms`)), ms);
    });
    try {
      const addresses = await Promise.race([resolve(host), timeout]);
      if (!addresses.length) throw new LookupUnavailable(`Host ${host} has no address`);
      return addresses;
    } catch (error) {
      if (error instanceof LookupUnavailable) throw error;
      throw new LookupUnavailable(`Could not resolve ${host}`);
    } finally {
      clearTimeout(timer);
    }
  };
}

export type SubmissionCheckOptions = { resolve?: Resolver; config?: ImportConfig; lookupMs?: number };

/** Why the import policy refuses this URL ("Refused 10.1.2.3: … is a private … address"), or null. */
export async function refusalOfUrl(rawUrl: string, options: SubmissionCheckOptions = {}): Promise<string | null> {
  const config = options.config ?? importConfig();
  const resolve = boundedResolver(options.resolve ?? systemResolve, options.lookupMs ?? SUBMISSION_LOOKUP_MS);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null; // the request contract already refused it
  }
  try {
    await checkTarget(url, config, resolve);
    return null;
  } catch (error) {
    if (error instanceof LookupUnavailable || !(error instanceof ImportError)) return null;
    return error.message;
  }
}

/**
 * The first refused URL of a list with its index and reason, or null. Each
 * distinct origin is checked once, all of them at the same time, so a
 * 100-file upload waits at most about one lookup.
 */
export async function firstRefusedUrl(urls: string[], options: SubmissionCheckOptions = {}): Promise<{ index: number; url: string; reason: string } | null> {
  const config = options.config ?? importConfig();
  const byOrigin = new Map<string, Promise<string | null>>();
  const checks = urls.map((url) => {
    const origin = URL.canParse(url) ? new URL(url).origin : url;
    if (!byOrigin.has(origin)) byOrigin.set(origin, refusalOfUrl(url, { ...options, config }));
    return byOrigin.get(origin)!;
  });
  const reasons = await Promise.all(checks);
  const index = reasons.findIndex((reason) => reason !== null);
  return index < 0 ? null : { index, url: urls[index], reason: reasons[index]! };
}

/** The {detail} of a refused URL: names the field, the URL and the reason. */
export const refusedUrlDetail = (field: string, url: string, reason: string) =>
  `${field}: ${url.length > 200 ? `${url.slice(0, 200)}…` : url} cannot be imported. ${reason}`;
