import { normalizeValue, type ExtractedField, type FoundValues } from './extract-fields';

/** The latest questions a model reads, and how much of them. */
export const TRANSCRIPT_LIMITS = { questions: 20, questionChars: 1000, totalChars: 6000 } as const;

/** The instructions of a structured extraction: one JSON object, the fields' names as keys, null for none. */
export function extractionInstructions(fields: readonly ExtractedField[]): string {
  const lines = fields.map((field) => `- ${field.name}: ${field.label} (${field.type})`);
  return [
    'You read the messages a visitor sent to a customer service robot and fill a form from them.',
    'Answer with one JSON object and nothing else. Its keys are the field names below; each value is what',
    'the visitor gave for that field, as text (a number for number fields), or null when they did not give it.',
    'Never guess or invent a value.',
    'Fields:',
    ...lines,
  ].join('\n');
}

/** The visitor's latest messages, one per line, newest last, bounded in count and length. */
export function transcriptOf(questions: readonly string[]): string {
  const recent = questions
    .slice(-TRANSCRIPT_LIMITS.questions)
    .map((question) => question.replace(/\s+/g, ' ').trim().slice(0, TRANSCRIPT_LIMITS.questionChars));
  const lines: string[] = [];
  let total = 0;
  for (let i = recent.length - 1; i >= 0; i -= 1) {
    const line = `- ${recent[i]}`;
    if (total + line.length > TRANSCRIPT_LIMITS.totalChars) break;
    lines.unshift(line);
    total += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * The values of a model's reply: the first JSON object in it, each known field's value checked against its
 * type. Undefined when the reply holds no readable object (the caller falls back to the builtin extraction).
 */
export function parseExtraction(fields: readonly ExtractedField[], reply: string): FoundValues | undefined {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start === -1 || end <= start) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  const found: FoundValues = {};
  for (const field of fields) {
    const raw = Object.hasOwn(record, field.name) ? record[field.name] : undefined;
    if (typeof raw !== 'string' && typeof raw !== 'number') continue;
    const value = normalizeValue(field.type, String(raw));
    if (value !== undefined) found[field.name] = value;
  }
  return found;
}
