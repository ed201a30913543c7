// The signed-in visitor of a smartpage, if any (sessions only: a smartpage
// is a browser page, not an API client).
import { db } from '../db/client';
import { currentSessionIdentity } from '../auth/session';

export type Visitor = { userId: number; email: string; name: string } | null;

export async function currentVisitor(): Promise<Visitor> {
  const identity = await currentSessionIdentity();
  if (!identity) return null;
  const user = await db().user.findUnique({ where: { id: identity.userId } });
  return user ? { userId: user.id, email: user.email, name: user.name } : null;
}
