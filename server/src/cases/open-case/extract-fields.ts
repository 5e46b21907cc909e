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
const ORDER_NUMBER =
  /(?:订单编号|订单号|订单|单号|order\s*(?:no\.?|number|id|#)?)\s*(?:是|为|is|[:：#])?\s*([A-Za-z0-9][A-Za-z0-9-]{4,39})/i;
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
// Tokens mixing letters and digits (order numbers, codes): no phone number or quantity hides in them.
const CODES = /[A-Za-z][\w-]*\d[\w-]*|\d[\w-]*[A-Za-z][\w-]*/g;
// Digits in groups as phone numbers are written (7 or more): no quantity.
const PHONE_LIKE = /(?<!\d)\+?\d[\d -]{5,17}\d(?!\d)/g;
const EMAILS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** The message without e-mail addresses, codes and the number after an order keyword. */
function plainNumbers(message: string): string {
  const order = ORDER_NUMBER.exec(message)?.[0];
  return (order ? message.replace(order, ' ') : message).replace(EMAILS, ' ').replace(CODES, ' ');
}

/** What a message surely gives the field: a "label: value" clause, a mobile number, an e-mail, an order number. */
function sureValueIn(field: ExtractedField, message: string): string | undefined {
  const labelled = labelledValue(field, message);
  if (labelled !== undefined) return labelled;
  switch (field.type) {
    case 'phone':
      return MOBILE.exec(message)?.[0];
    case 'email':
      return findTypedValue('email', message);
    case 'number':
      return undefined;
    case 'text': {
      if (ORDER_LIKE.test(field.name) || ORDER_LIKE.test(field.label)) {
        const order = ORDER_NUMBER.exec(message)?.[1];
        if (order && /\d/.test(order)) return order;
      }
      if (isNameLike(field)) return NAME_SAID.exec(message)?.[1];
      return undefined;
    }
  }
}

/** What a message may give the field: any phone-like or number-like digits outside codes and addresses. */
function likelyValueIn(field: ExtractedField, message: string): string | undefined {
  if (field.type === 'phone') return findTypedValue('phone', plainNumbers(message));
  if (field.type === 'number') return normalizeValue('number', plainNumbers(message).replace(PHONE_LIKE, ' '));
  return undefined;
}

/**
 * The builtin extraction: each field from the latest message that surely gives it — a "label: value" clause,
 * a mobile number or e-mail address anywhere, an order number after its keyword, a name after "my name is" —
 * else from the latest that holds a likely value (other phone numbers, a number outside codes and addresses).
 */
export function extractBuiltin(fields: readonly ExtractedField[], questions: readonly string[]): FoundValues {
  const found: FoundValues = {};
  const newestFirst = [...questions].reverse();
  for (const field of fields) {
    for (const finder of [sureValueIn, likelyValueIn]) {
      const value = newestFirst.map((message) => finder(field, message)).find((v) => v !== undefined);
      if (value !== undefined) {
        found[field.name] = value;
        break;
      }
    }
  }
  return found;
}

/** Every required field has a value. */
export const complete = (fields: readonly ExtractedField[], found: FoundValues) =>
  fields.every((field) => !field.required || found[field.name] !== undefined);
