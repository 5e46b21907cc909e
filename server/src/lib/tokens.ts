import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer token; only its sha256 is stored, so a leaked database does not leak sessions. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
