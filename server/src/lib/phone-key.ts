/**
 * A phone's canonical digits, the one key codes, throttles and user lookups compare: digits only, and a
 * Chinese mobile without its country code, so "+86 138-0013-8000", "008613800138000" and "13800138000"
 * are one phone (the referral programme keys rewarded phones the same way).
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const mobile = /^(?:0086|86)(1\d{10})$/.exec(digits);
  return mobile ? mobile[1]! : digits;
}

/** Stored phone texts that may have this key once stripped of spaces, dashes and a leading "+". */
export function storedPhoneCandidates(key: string): string[] {
  return /^1\d{10}$/.test(key) ? [key, `86${key}`, `0086${key}`] : [key];
}
