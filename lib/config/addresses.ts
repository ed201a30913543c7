// Where the server is reached: its public URLs, its port, and the reverse
// proxies in front of it whose X-Forwarded-For is believed (lib/http/client-address.ts).
import net from 'node:net';
import { z } from 'zod';

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const addressesSchema = z.object({
  // Not checked as URLs: next-auth takes a bare host name for NEXTAUTH_URL (it adds https://).
  NEXTAUTH_URL: z.string().optional(),
  APP_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65_535).default(3000)),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const raw of proxyEntries(value)) if (!proxyRange(raw)) ctx.addIssue({ code: 'custom', message: `"${raw}" is not an IP address or CIDR range` });
    }),
});

export type Addresses = {
  /** Base URL of the first-start sign-in hint: PUBLIC_URL, else http://localhost:<PORT>. */
  publicUrl: string;
  /** Origins of NEXTAUTH_URL and APP_URL: a cookie write from them is the app's own (lib/http/same-origin.ts). */
  ownOrigins: string[];
  /** NEXTAUTH_URL is https://: the session cookie is Secure (lib/auth/session.ts). */
  secureCookies: boolean;
  trustedProxies: net.BlockList;
};

export function addressesOf(env: z.infer<typeof addressesSchema>): Addresses {
  return {
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    ownOrigins: [env.NEXTAUTH_URL, env.APP_URL].flatMap((url) => (url && URL.canParse(url) ? [new URL(url).origin] : [])),
    secureCookies: (env.NEXTAUTH_URL ?? '').startsWith('https://'),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
  };
}

/** TRUSTED_PROXIES (comma-separated addresses or CIDR ranges) as a block list; an invalid entry is refused with the variable's name. */
export function parseTrustedProxies(value: string | undefined): net.BlockList {
  const list = new net.BlockList();
  for (const raw of proxyEntries(value)) {
    const range = proxyRange(raw);
    if (!range) throw new Error(`Invalid configuration: TRUSTED_PROXIES: "${raw}" is not an IP address or CIDR range`);
    if (range.prefix === null) list.addAddress(range.address, range.family);
    else list.addSubnet(range.address, range.prefix, range.family);
  }
  return list;
}

const proxyEntries = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function proxyRange(raw: string): { address: string; family: 'ipv4' | 'ipv6'; prefix: number | null } | null {
  const [address, bits] = raw.split('/');
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  const prefix = bits === undefined ? null : Number(bits);
  if (!family || (prefix !== null && (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 'ipv4' ? 32 : 128)))) return null;
  return { address, family, prefix };
}
