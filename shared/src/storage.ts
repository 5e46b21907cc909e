/**
 * Browser storage keys. `user-state`, `userId`, `token` and `arco-locale` are fixed names
 * (docs/product-rules.md, Session); the others are the console's own.
 */
export const STORAGE_KEYS = {
  user: 'user-state',
  userId: 'userId',
  token: 'token',
  locale: 'arco-locale',
  settings: 'flotilla-settings',
  visitorId: 'flotilla-visitor-id',
  /** The login page (/login or a branded one) of the last login: a logged-out visitor goes back to it. */
  loginPath: 'flotilla-login-path',
} as const;

/** Reads a key; `null` when storage is unavailable (private mode, SSR, tests without DOM). */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key, or removes it when `value` is null. Storage failures are ignored: state stays in memory. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* quota or privacy mode: keep the in-memory state */
  }
}

/** Parses stored JSON, falling back when the value is missing or corrupt. */
export function readStoredJson<T>(key: string, fallback: T): T {
  const raw = readStorage(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}
