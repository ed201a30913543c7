// When each API key and token was last used, for the access page. Writing
// on every request would add a write to every read: the time is recorded at
// most once a minute per credential (the stored value says "within the
// last minute"), and a process remembers its own recent writes so a busy
// key does not even reach the database for them.
import { db } from '../db/client';
import { toDate, type RawDate } from '../db/raw';

export const LAST_USED_RESOLUTION_MS = 60_000;

type Table = 'api_keys' | 'project_tokens' | 'user_access_tokens';

const recentWrites = new Map<string, number>();
const MAX_REMEMBERED = 10_000;

/** Records that the credential was used now, unless that was done less than a minute ago. */
export async function noteCredentialUse(table: Table, id: number, storedLastUsedAt: RawDate | null, now = new Date()): Promise<void> {
  const key = `${table}:${id}`;
  const stored = storedLastUsedAt === null ? 0 : toDate(storedLastUsedAt).getTime();
  const latest = Math.max(stored, recentWrites.get(key) ?? 0);
  if (now.getTime() - latest < LAST_USED_RESOLUTION_MS) return;
  recentWrites.set(key, now.getTime());
  if (recentWrites.size > MAX_REMEMBERED) recentWrites.delete(recentWrites.keys().next().value!);
  const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  // The condition makes concurrent requests (or processes) write once.
  const args = { where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: cutoff } }] }, data: { lastUsedAt: now } };
  if (table === 'api_keys') await db().apiKey.updateMany(args);
  else if (table === 'project_tokens') await db().projectToken.updateMany(args);
  else await db().userAccessToken.updateMany(args);
}
