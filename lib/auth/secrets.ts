// Secrets (API keys, project tokens, user tokens) are random strings shown
// once; only their SHA-256 is stored. A high-entropy random token does not
// need a slow hash: SHA-256 makes lookup by hash a single index probe.
// Passwords are low-entropy and get bcrypt.
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';

export type SecretKind = 'key' | 'prj' | 'usr';

export type NewSecret = { token: string; prefix: string; tokenHash: string };

export function newSecret(kind: SecretKind): NewSecret {
  const token = `ks_${kind}_${crypto.randomBytes(24).toString('base64url')}`;
  return { token, prefix: token.slice(0, 12), tokenHash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function secretKind(token: string): SecretKind | null {
  const match = /^ks_(key|prj|usr)_[A-Za-z0-9_-]{20,}$/.exec(token);
  return match ? (match[1] as SecretKind) : null;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
