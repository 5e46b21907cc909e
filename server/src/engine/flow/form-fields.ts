import type { FormField, Locale } from '@flotilla/shared/contracts';

// Builtin extraction of a form's fields from a chatter's message: typed fields by pattern wherever they
// appear, a text field from the whole message when it answers the question asking for it.
const PATTERNS: Record<Exclude<FormField['type'], 'text'>, RegExp> = {
  // Mainland mobile numbers, or an international number of 7–15 digits with optional separators.
  phone: /(?<!\d)(?:1[3-9]\d{9}|\+?\d[\d -]{5,17}\d)(?!\d)/,
  // An address starts where a run of the characters it may hold starts: no attempt inside a run.
  email: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/,
  number: /-?\d+(?:\.\d+)?/,
};

/** The value of a typed field found in a message, or undefined. */
export function findTypedValue(type: FormField['type'], message: string): string | undefined {
  if (type === 'text') return undefined;
  const match = PATTERNS[type].exec(message);
  if (!match) return undefined;
  return type === 'phone' ? match[0].replace(/[ -]/g, '') : match[0];
}

/** The value a message gives the field it answers: typed fields by pattern, a text field as written. */
export function answerFor(field: FormField, message: string): string | undefined {
  if (field.type !== 'text') return findTypedValue(field.type, message);
  const text = message.trim().slice(0, 500);
  return text === '' ? undefined : text;
}

const ASK: Record<Locale, (label: string) => string> = {
  'zh-CN': (label) => `请提供您的${label}。`,
  'en-US': (label) => `Could you give me your ${label}?`,
};
const INVALID: Record<Locale, (label: string) => string> = {
  'zh-CN': (label) => `这似乎不是有效的${label}，请再发一次。`,
  'en-US': (label) => `That does not look like a valid ${label}; could you send it again?`,
};

/** What the robot asks for a field: the node's own question, else one naming its label. */
export function questionFor(field: FormField, locale: Locale): string {
  return field.question?.trim() || ASK[locale](field.label);
}

/** What the robot says when an answer did not hold a valid value for the field it asked for. */
export function invalidAnswer(field: FormField, locale: Locale): string {
  return INVALID[locale](field.label);
}
