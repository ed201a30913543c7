// What a project may configure in a generative model of its own (made in the
// UI or API, not by the operator's CLI). Such a model sends the server's
// copy of a provider key to a base URL chosen by a tenant, and its fee
// multipliers turn tokens into the credits the plan counts, so:
// - the key can only be an environment variable meant to be a provider key
//   (GENERATION_KEY_ENV_NAMES, else any name ending in _API_KEY): a tenant
//   cannot make the server send NEXTAUTH_SECRET or DATABASE_URL anywhere;
// - the base URL passes the import's SSRF guard on every call unless the
//   operator opts in (GENERATION_ALLOW_PRIVATE_NETWORK=1, e.g. for a local
//   Ollama), so a model cannot be pointed at the server's private network;
// - fee multipliers are at least 1: a project cannot make its usage free.
// Both settings are part of the configuration (lib/config/generation.ts).
import { appConfig } from '../config';

export const FEE_MIN = 1;
export const FEE_MAX = 1000;

export const KEY_ENV_PATTERN = /^[A-Z_][A-Z0-9_]{0,127}$/;

/** The names the operator allows, or null: any name ending in _API_KEY. */
export const allowedKeyEnvNames = (): string[] | null => appConfig().generation.keyEnvNames;

/** Why this environment variable cannot hold a model's key, or null when it can. */
export function keyEnvRefusal(name: string): string | null {
  if (!KEY_ENV_PATTERN.test(name)) return 'api_key_env must be an environment variable name: capital letters, digits and underscores';
  const allowed = allowedKeyEnvNames();
  if (allowed) return allowed.includes(name) ? null : `api_key_env must be one of the names the server allows: ${allowed.join(', ')}`;
  return name.endsWith('_API_KEY') ? null : 'api_key_env must name a variable ending in _API_KEY (the server allows only provider keys)';
}

/** The operator lets project models reach loopback and private addresses on any port. */
export const privateNetworkAllowed = (): boolean => appConfig().generation.allowPrivateNetwork;

/** Whether the named key is set on this server (never its value). Read by its name: any variable may be a model's key. */
export function keyIsSet(name: string | null): boolean | null {
  if (!name) return null;
  return Boolean(process.env[name]);
}
