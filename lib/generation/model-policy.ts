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
// The request contract checks only what needs no configuration (the fee
// range, the shape of a variable name); the allowed names are checked here.
import { appConfig } from '../config';
import { badRequest } from '../errors';

/** The names the operator allows, or null: any name ending in _API_KEY. */
export const allowedKeyEnvNames = (): string[] | null => appConfig().generation.keyEnvNames;

/** Why a project's model may not name this variable (already a valid name) as its key, or null when it may. */
function keyEnvRefusal(name: string): string | null {
  const allowed = allowedKeyEnvNames();
  if (allowed) return allowed.includes(name) ? null : `api_key_env must be one of the names the server allows: ${allowed.join(', ')}`;
  return name.endsWith('_API_KEY') ? null : 'api_key_env must name a variable ending in _API_KEY (the server allows only provider keys)';
}

/** A 400 worded as the contract's field errors when a project's model names a key the server does not allow. */
export function assertKeyEnvAllowed(name: string | null | undefined): void {
  const refusal = name ? keyEnvRefusal(name) : null;
  if (refusal) throw badRequest(`api_key_env: ${refusal}`);
}

/** The operator lets project models reach loopback and private addresses on any port. */
export const privateNetworkAllowed = (): boolean => appConfig().generation.allowPrivateNetwork;

/** Whether the named key is set on this server (never its value). Read by its name: any variable may be a model's key. */
export function keyIsSet(name: string | null): boolean | null {
  if (!name) return null;
  return Boolean(process.env[name]);
}
