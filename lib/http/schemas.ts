// zod pieces shared by the route contracts.
import { z } from 'zod';

/** The largest database id (PostgreSQL's integer): a larger id in a body was a database error (a 500), so it is a 400 at the edge. */
export const MAX_ID = 2_147_483_647;

/** A path id such as dataset_id: a positive integer in a database id's range. */
export const idParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} must be a positive integer`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, `${name} must be a positive integer`);

export const idParams = <K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, idParam(name)])) as Record<K, ReturnType<typeof idParam>>);

/** YYYY-MM-DD that is a real calendar day. */
export const isoDate = (name: string) => z.string().refine((value) => isCalendarDate(value), `${name} must be a date in YYYY-MM-DD format`);

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const intQuery = (name: string, min = 0, max = MAX_ID) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} must be a non-negative integer`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

export const booleanQuery = (name: string) => z.enum(['true', 'false'], { message: `${name} must be true or false` }).transform((v) => v === 'true');

/** "a,b,c" into a list whose items must be among `allowed` (when given). */
export const commaList = <T extends string>(name: string, allowed?: readonly T[]) =>
  z.string().transform((value, ctx) => {
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (allowed) {
      const bad = items.filter((item) => !(allowed as readonly string[]).includes(item));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `${name} has unknown value ${bad.join(', ')}; allowed: ${allowed.join(', ')}` });
        return z.NEVER;
      }
    }
    return items as T[];
  });

/** A trimmed, non-empty string of bounded length. */
export const name = (field: string, max = 200) =>
  z
    .string({ message: `${field} is required and must be a string` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);
