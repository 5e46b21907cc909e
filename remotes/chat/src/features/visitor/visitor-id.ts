import { readStorage, STORAGE_KEYS, writeStorage } from '@flotilla/shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid (the server's VisitorIdSchema). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A random v4 UUID. `crypto.randomUUID` exists only in secure contexts; plain-http LAN pages fall back. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The anonymous visitor's id, kept in localStorage so later chat sessions of this browser belong
 * together. Created on first use; a missing or corrupt value is replaced.
 */
export function readOrCreateVisitorId(): string {
  const stored = readStorage(STORAGE_KEYS.visitorId);
  if (stored && isUuid(stored)) return stored;
  const id = newUuid();
  writeStorage(STORAGE_KEYS.visitorId, id);
  return id;
}
