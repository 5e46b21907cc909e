import type { SmsPurpose } from '@flotilla/shared/contracts';

/** One code sent to a phone; only its keyed hash is kept. Times are ISO strings of the configured clock. */
export interface SmsCodesTable {
  id: string;
  /** The phone's canonical digits (`phoneKey`). */
  phoneKey: string;
  purpose: SmsPurpose;
  /** HMAC-SHA256 (hex) of the code under a key derived from the server's secret key. */
  codeHash: string;
  /** Wrong tries so far; the code is burnt at SMS_LIMITS.maxTries. */
  tries: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Each phone's send counters: the last send, and a day window (its start and sends in it). */
export interface SmsPhoneLimitsTable {
  phoneKey: string;
  lastSentAt: string;
  dayStartedAt: string;
  dayCount: number;
}

/** A message of the built-in outbox: what would have been sent. */
export interface SmsOutboxTable {
  id: string;
  /** Null: a message of no tenant (a registration code), shown to the platform owner. */
  tenantId: string | null;
  phone: string;
  text: string;
  createdAt: string;
}

export interface SmsTables {
  smsCodes: SmsCodesTable;
  smsPhoneLimits: SmsPhoneLimitsTable;
  smsOutbox: SmsOutboxTable;
}
