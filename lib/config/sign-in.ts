// Password guessing (lib/auth/sign-in-limit.ts): wrong passwords allowed per
// account and per client address within a window before sign-in answers 429.
import { z } from 'zod';

export type SignInLimit = { perAccount: number; perAddress: number; windowMs: number };

export const signInSchema = z.object({
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  SIGN_IN_WINDOW_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(15),
});

export function signInLimitOf(env: z.infer<typeof signInSchema>): SignInLimit {
  const { SIGN_IN_MAX_FAILURES: perAccount, SIGN_IN_MAX_FAILURES_PER_ADDRESS: perAddress, SIGN_IN_WINDOW_MINUTES: minutes } = env;
  return { perAccount, perAddress, windowMs: minutes * 60_000 };
}
