import { CASE_LIMITS, type CaseFieldType } from '@flotilla/shared/contracts';
import { findTypedValue } from '../../engine/flow/form-fields';

/** A field as extraction sees it: a case form's, or a flow formCollect node's. */
export type ExtractedField = { name: string; label: string; type: CaseFieldType; required: boolean };

/** Values found, by field name, as text (numbers are converted when the case is written). */
export type FoundValues = Record<string, string>;

const NAME_LIKE = /name|customer|contact|姓名|名字|称呼|联系人|客户/i;
const ORDER_LIKE = /order|订单|单号/i;
const VALUE_END = /[\n,，;；。!！?？]/;
// "Order number: A123456", "订单号是 2024001122": a keyword, an optional joiner, then letters/digits with a digit.
// The spaces between are bounded: runs of unbounded ones one after another would backtrack without end.
const ORDER_NUMBER =
  /(?:订单编号|订单号|订单|单号|order(?:\s{0,3}(?:no\.?|number|id|#))?)(?:\s{0,3}(?:是|为|is|[:：#]))?\s{0,3}([A-Za-z0-9][A-Za-z0-9-]{4,39})/i;
// "我叫李雷", "my name is Li Lei": the words after it (capitalised ones, for a name of several words).
const NAME_SAID =
  /(?:我叫|我的名字是|[Mm]y name is)\s*([^\s,，;；。!！?？]{1,30}(?:\s+[A-Z][^\s,，;；。!！?？]{0,29}){0,2})/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Is the field the customer's name (it fills the case's customer)? */
export const isNameLike = (field: ExtractedField) =>
  field.type === 'text' && (NAME_LIKE.test(field.name) || NAME_LIKE.test(field.label));

/** A value as the field's type takes it, or undefined: the typed pattern must match, text is trimmed. */
export function normalizeValue(type: CaseFieldType, raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  if (type === 'text') return text.slice(0, CASE_LIMITS.valueMax);
  const value = findTypedValue(type, text);
  if (value === undefined) return undefined;
  if (type === 'number' && !(Math.abs(Number(value)) <= CASE_LIMITS.numberMax)) return undefined;
  return value.slice(0, CASE_LIMITS.valueMax);
}

/** "Label: value" or "label：value" (also by the field's name), up to the end of the clause. */
function labelledValue(field: ExtractedField, message: string): string | undefined {
  for (const key of [field.label, field.name]) {
    const match = new RegExp(`${escapeRegExp(key)}\\s*[:：]\\s*([^\\n]+)`, 'i').exec(message);
    const raw = match?.[1]?.split(VALUE_END)[0];
    const value = raw === undefined ? undefined : normalizeValue(field.type, raw);
    if (value !== undefined) return value;
  }
  return undefined;
}

// A mainland mobile number standing alone: the surest phone a message gives.
const MOBILE = /(?<![\dA-Za-z])1[3-9]\d{9}(?![\dA-Za-z])/;
// Words of letters, digits, underscores and hyphens; those mixing letters and digits (order numbers, codes)
// hide no phone number or quantity. Whole words are matched, then tested: a scan that reads each once.
const WORDS = /[\w-]+/g;
const isCode = (word: string) => /[A-Za-z]/.test(word) && /\d/.test(word);
// Digits in groups as phone numbers are written (7 or more): no quantity.
const PHONE_LIKE = /(?<!\d)\+?\d[\d -]{5,17}\d(?!\d)/g;
// An address starts where a run of the characters it may hold starts: no attempt inside a run.
const EMAILS = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** The message without e-mail addresses, codes and the number after an order keyword. */
function plainNumbers(message: string): string {
  const order = ORDER_NUMBER.exec(message)?.[0];
  return (order ? message.replace(order, ' ') : message)
    .replace(EMAILS, ' ')
    .replace(WORDS, (word) => (isCode(word) ? ' ' : word));
}

/** What the builtin extraction reads of a conversation: its latest questions, each up to this many characters. */
export const BUILTIN_LIMITS = { questions: 20, questionChars: 1000 } as const;

/** A question as the extraction reads it: its bounded text, and that text's plain numbers (found once). */
type Message = { text: string; plain(): string };

/** The questions the builtin extraction reads, newest first: the latest ones, each cut to its start. */
function builtinMessages(questions: readonly string[]): Message[] {
  return questions
    .slice(-BUILTIN_LIMITS.questions)
    .reverse()
    .map((question) => {
      const text = question.slice(0, BUILTIN_LIMITS.questionChars);
      let plain: string | undefined;
      return { text, plain: () => (plain ??= plainNumbers(text)) };
    });
}

/** What a message surely gives the field: a "label: value" clause, a mobile number, an e-mail, an order number. */
function sureValueIn(field: ExtractedField, message: Message): string | undefined {
  const { text } = message;
  const labelled = labelledValue(field, text);
  if (labelled !== undefined) return labelled;
  switch (field.type) {
    case 'phone':
      return MOBILE.exec(text)?.[0];
    case 'email':
      return findTypedValue('email', text);
    case 'number':
      return undefined;
    case 'text': {
      if (ORDER_LIKE.test(field.name) || ORDER_LIKE.test(field.label)) {
        const order = ORDER_NUMBER.exec(text)?.[1];
        if (order && /\d/.test(order)) return order;
      }
      if (isNameLike(field)) return NAME_SAID.exec(text)?.[1];
      return undefined;
    }
  }
}

/** What a message may give the field: any phone-like or number-like digits outside codes and addresses. */
function likelyValueIn(field: ExtractedField, message: Message): string | undefined {
  if (field.type === 'phone') return findTypedValue('phone', message.plain());
  if (field.type === 'number') return normalizeValue('number', message.plain().replace(PHONE_LIKE, ' '));
  return undefined;
}

/**
 * The builtin extraction: each field from the latest message that surely gives it — a "label: value" clause,
 * a mobile number or e-mail address anywhere, an order number after its keyword, a name after "my name is" —
 * else from the latest that holds a likely value (other phone numbers, a number outside codes and addresses).
 * It reads a bounded part of the conversation (BUILTIN_LIMITS), whatever length the visitor's messages have.
 */
export function extractBuiltin(fields: readonly ExtractedField[], questions: readonly string[]): FoundValues {
  const found: FoundValues = {};
  const newestFirst = builtinMessages(questions);
  for (const field of fields) {
    const value = valueIn(field, newestFirst);
    if (value !== undefined) found[field.name] = value;
  }
  return found;
}

/** The field's value in the latest message that surely gives it, else in the latest that likely does. */
function valueIn(field: ExtractedField, newestFirst: readonly Message[]): string | undefined {
  for (const finder of [sureValueIn, likelyValueIn]) {
    for (const message of newestFirst) {
      const value = finder(field, message);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** The value found for a field name; an inherited key ("constructor") is none. */
export const foundValue = (found: FoundValues, name: string): string | undefined =>
  Object.hasOwn(found, name) ? found[name] : undefined;

/** Every required field has a value. */
export const complete = (fields: readonly ExtractedField[], found: FoundValues) =>
  fields.every((field) => !field.required || foundValue(found, field.name) !== undefined);
