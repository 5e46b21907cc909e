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
const NAME_SAID = /(?:我叫|我的名字是|my name is)\s*([^\s,，;；。!！?？]{1,30})/i;

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

/** What the builtin extraction finds for one field in one message. */
function valueIn(field: ExtractedField, message: string): string | undefined {
  const labelled = labelledValue(field, message);
  if (labelled !== undefined) return labelled;
  switch (field.type) {
    case 'phone':
    case 'email':
      return findTypedValue(field.type, message);
    case 'number': {
      // A phone number or an e-mail address is no quantity: taken out before looking for a number.
      const rest = message
        .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, ' ')
        .replace(/(?<!\d)1[3-9]\d{9}(?!\d)/g, ' ');
      return normalizeValue('number', rest);
    }
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

/**
 * The builtin extraction: each field from the latest message that gives it — a "label: value" clause,
 * a phone / e-mail / number pattern anywhere, an order number after its keyword, a name after "my name is".
 */
export function extractBuiltin(fields: readonly ExtractedField[], questions: readonly string[]): FoundValues {
  const found: FoundValues = {};
  for (const field of fields) {
    for (let i = questions.length - 1; i >= 0; i -= 1) {
      const value = valueIn(field, questions[i] ?? '');
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
