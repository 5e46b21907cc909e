/** Values looked up at most per question, and their length at most. */
export const KEY_CANDIDATE_LIMITS = { values: 5, length: 64 } as const;

// Codes: letters and digits with at least one digit, parts joined by - or _ (A1002, ORD-2024-001).
const CODE = /(?<![A-Za-z0-9_-])[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*(?![A-Za-z0-9_-])/g;
// Phone numbers written with spaces or dashes (+86 138-0013-8000, 010 8888 6666).
const PHONE = /(?<![\d+])\+?\d{1,4}(?:[ -]\d{2,4}){2,4}(?!\d)/g;
// Quoted values, straight or typographic, Western or CJK.
const QUOTED = /"([^"]{1,64})"|'([^']{1,64})'|“([^”]{1,64})”|‘([^’]{1,64})’|「([^」]{1,64})」|『([^』]{1,64})』/g;

/** Whether a code is worth looking up: a digit in it, and a bare number only when long (not "2 items"). */
function isKey(token: string): boolean {
  if (!/\d/.test(token)) return false;
  if (/^\d+$/.test(token)) return token.length >= 4;
  return token.length >= 3;
}

/**
 * The values of a question a key column may hold, in the order they appear: quoted strings, codes with a
 * digit, long numbers, phone numbers (also with their spaces and dashes removed). At most
 * KEY_CANDIDATE_LIMITS.values, each at most KEY_CANDIDATE_LIMITS.length characters.
 */
export function keyCandidates(question: string): string[] {
  const found: Array<{ at: number; value: string }> = [];
  for (const match of question.matchAll(QUOTED)) {
    const value = match
      .slice(1)
      .find((part) => part !== undefined)
      ?.trim();
    if (value) found.push({ at: match.index, value });
  }
  for (const match of question.matchAll(PHONE)) {
    found.push({ at: match.index, value: match[0] });
    found.push({ at: match.index, value: match[0].replace(/[ -]/g, '') });
  }
  for (const match of question.matchAll(CODE)) if (isKey(match[0])) found.push({ at: match.index, value: match[0] });
  const values = found
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.value)
    .filter((value) => value.length <= KEY_CANDIDATE_LIMITS.length);
  return [...new Set(values)].slice(0, KEY_CANDIDATE_LIMITS.values);
}
