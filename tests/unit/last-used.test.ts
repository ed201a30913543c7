// last_used_at is written at most once a minute per credential.
import { describe, expect, it, vi } from 'vitest';

const updates: unknown[] = [];
vi.mock('@/lib/db/client', () => ({
  db: () => ({ apiKey: { updateMany: async (args: unknown) => updates.push(args) } }),
}));

describe('noteCredentialUse', () => {
  it('writes when never used or used over a minute ago, and not again within the minute', async () => {
    const { noteCredentialUse } = await import('@/lib/auth/last-used');
    const t0 = new Date('2026-11-24T10:00:00Z');
    await noteCredentialUse('api_keys', 1, null, t0);
    await noteCredentialUse('api_keys', 1, null, new Date(t0.getTime() + 30_000)); // remembered write
    await noteCredentialUse('api_keys', 2, new Date(t0.getTime() - 10_000), t0); // stored value is recent
    await noteCredentialUse('api_keys', 1, t0, new Date(t0.getTime() + 61_000));
    expect(updates).toHaveLength(2);
  });
});
