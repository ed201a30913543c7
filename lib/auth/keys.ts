// API keys and project tokens of a project: created (shown once), listed by
// prefix, revoked.
import { db } from '../db/client';
import { newSecret } from './secrets';
import { notFound } from '../errors';

export type KeyListItem = {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
};
export type CreatedKey = KeyListItem & { token: string };

type KeyRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date | null; revokedAt: Date | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function keyListItem(row: KeyRow): KeyListItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
    revoked_at: iso(row.revokedAt),
  };
}

export async function createApiKey(projectId: number, input: { name: string; userId?: number | null; expiresAt?: Date | null }): Promise<CreatedKey> {
  const secret = newSecret('key');
  const row = await db().apiKey.create({
    data: { projectId, name: input.name, userId: input.userId ?? null, prefix: secret.prefix, tokenHash: secret.tokenHash, expiresAt: input.expiresAt ?? null },
  });
  return { ...keyListItem(row), token: secret.token };
}

export async function createProjectToken(projectId: number, input: { name: string; expiresAt?: Date | null }): Promise<CreatedKey> {
  const secret = newSecret('prj');
  const row = await db().projectToken.create({
    data: { projectId, name: input.name, prefix: secret.prefix, tokenHash: secret.tokenHash, expiresAt: input.expiresAt ?? null },
  });
  return { ...keyListItem(row), token: secret.token };
}

export async function listApiKeys(projectId: number): Promise<KeyListItem[]> {
  return (await db().apiKey.findMany({ where: { projectId }, orderBy: { id: 'asc' } })).map(keyListItem);
}

export async function listProjectTokens(projectId: number): Promise<KeyListItem[]> {
  return (await db().projectToken.findMany({ where: { projectId }, orderBy: { id: 'asc' } })).map(keyListItem);
}

export async function revokeApiKey(projectId: number, id: number): Promise<void> {
  const result = await db().apiKey.updateMany({ where: { id, projectId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (result.count === 0) throw notFound(`API key ${id} not found`);
}

export async function revokeProjectToken(projectId: number, id: number): Promise<void> {
  const result = await db().projectToken.updateMany({ where: { id, projectId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (result.count === 0) throw notFound(`Project token ${id} not found`);
}
