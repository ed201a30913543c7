// Known database errors as HTTP (lib/http/errors.ts): a conflict, a record gone,
// and a transaction that could not start in time, which is a 503 to retry, not a 500.
import { describe, expect, it } from 'vitest';
import { Prisma } from '@/lib/db/client';
import { toErrorResponse } from '@/lib/http/errors';

const prismaError = (code: string) => new Prisma.PrismaClientKnownRequestError('database said no', { code, clientVersion: 'test' });

describe('known database errors', () => {
  it('a unique constraint is 409 and a vanished record 404, each with {detail}', async () => {
    const conflict = toErrorResponse(prismaError('P2002'), 'r1');
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ detail: 'A record with the same unique value already exists' });
    expect(toErrorResponse(prismaError('P2025'), 'r2').status).toBe(404);
  });

  it('a transaction that could not start in time is 503 with Retry-After', async () => {
    const busy = toErrorResponse(prismaError('P2028'), 'r3');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(busy.headers.get('x-request-id')).toBe('r3');
    expect(await busy.json()).toEqual({ detail: 'The database is busy; try again in a moment' });
  });
});
