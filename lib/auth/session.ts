// Browser sign-in with next-auth (email + password). The session is a signed
// JWT cookie holding the user id and the organisation in use; route handlers
// turn it into the same Principal a bearer token gives.
import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { appConfig, sessionSecret } from '../config';
import { signInWithPassword } from './users';
import { clientAddress } from '../http/rate-limit';
import { AppError } from '../errors';
import { db } from '../db/client';

export const authOptions: NextAuthOptions = {
  secret: sessionSecret(),
  session: { strategy: 'jwt', maxAge: 7 * 24 * 3600 },
  // Secure (and __Secure- prefixed) cookies when the public URL is HTTPS. Set
  // once from NEXTAUTH_URL, not per request: reading the session must look
  // for the same cookie name that signing in wrote.
  useSecureCookies: appConfig().addresses.secureCookies,
  pages: { signIn: '/signin' },
  providers: [
    CredentialsProvider({
      name: 'Email and password',
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        const headers = new Headers();
        for (const [name, value] of Object.entries(req?.headers ?? {})) if (typeof value === 'string') headers.set(name, value);
        let found: Awaited<ReturnType<typeof signInWithPassword>>;
        try {
          found = await signInWithPassword(credentials.email, credentials.password, clientAddress({ headers }));
        } catch (error) {
          // next-auth passes the message to the sign-in form as `error`.
          if (error instanceof AppError && error.code === 'too_many_requests') throw new Error(error.detail);
          throw error;
        }
        if (!found) return null;
        return { id: String(found.user.id), email: found.user.email, name: found.user.name, organizationId: found.organizationId };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      if (user) {
        token.uid = Number(user.id);
        token.oid = (user as { organizationId?: number }).organizationId;
      }
      // The shell's organisation picker: switch only to an organisation the
      // user is a member of (the request body is the client's word).
      const requested = (session as { organizationId?: unknown } | undefined)?.organizationId;
      if (trigger === 'update' && typeof requested === 'number' && typeof token.uid === 'number') {
        const membership = await db().membership.findUnique({ where: { userId_organizationId: { userId: token.uid, organizationId: requested } } });
        if (membership) token.oid = requested;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, uid: token.uid, oid: token.oid };
    },
  },
};

export type SessionIdentity = { userId: number; organizationId: number };

/** The signed-in user of this request, or null (also outside a request). */
export async function currentSessionIdentity(): Promise<SessionIdentity | null> {
  try {
    const session = (await getServerSession(authOptions)) as { uid?: number; oid?: number } | null;
    if (!session?.uid || !session.oid) return null;
    return { userId: session.uid, organizationId: session.oid };
  } catch {
    return null;
  }
}
