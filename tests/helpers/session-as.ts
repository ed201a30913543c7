// Browser-session calls in-process. next-auth reads its cookie through
// next/headers, which only a running Next.js server provides, so a test
// file replaces lib/auth/session's reader with this one:
//
//   vi.mock('@/lib/auth/session', async (original) => (await import('../helpers/session-as')).withSignedIn(await original()));
//
// Everything after it (membership, role, project) is the real code on the
// real database. Writes carry Sec-Fetch-Site: same-origin, as a browser's do.
import type { Role } from '@/lib/auth/roles';
import type { SessionIdentity } from '@/lib/auth/session';
import type { CallOptions } from './http';
import type { Tenant } from './tenant';

let current: SessionIdentity | null = null;

export async function signedIn(): Promise<SessionIdentity | null> {
  return current;
}

/** lib/auth/session as it is, but for its cookie reader: signedIn (the factory of the vi.mock above). */
export function withSignedIn<Session extends object>(actual: Session): Session & { currentSessionIdentity: typeof signedIn } {
  return { ...actual, currentSessionIdentity: signedIn };
}

/** Call options for the tenant's member of this role, signed in with the browser session. */
export function asMember(tenant: Tenant, role: Role, options: CallOptions = {}): CallOptions {
  current = { userId: tenant.users[role].id, organizationId: tenant.organization.id };
  return { ...options, token: null, headers: { 'sec-fetch-site': 'same-origin', ...options.headers } };
}

/** Call options with a bearer token and no session. */
export function withToken(token: string, options: CallOptions = {}): CallOptions {
  current = null;
  return { ...options, token };
}
