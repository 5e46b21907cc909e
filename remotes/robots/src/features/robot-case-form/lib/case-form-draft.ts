import { CASE_FORM_LIMITS, CaseFormFieldSchema, type CaseForm, type CaseFormField } from '@flotilla/shared';

/** A field as the editor holds it: the field, and a key that follows it as it moves. */
export type DraftField = CaseFormField & { key: string };

/** What is wrong with one field, as catalog ids (a field may be fine). */
export type FieldProblems = { name?: string; label?: string };

/** The same pattern the server checks on a field's name. */
const NAME_PATTERN = new RegExp(CaseFormFieldSchema.properties.name.pattern ?? '');

let nextKey = 0;
/** A new key for a row of the editor. */
export function draftKey(): string {
  nextKey += 1;
  return `field-${nextKey}`;
}

/** The editor's rows of a saved form. */
export function toDraft(form: CaseForm): DraftField[] {
  return form.fields.map((field) => ({ ...field, key: draftKey() }));
}

/** A blank row: a required text field to name. */
export function blankField(): DraftField {
  return { key: draftKey(), name: '', label: '', type: 'text', required: true };
}

/** The rows with the one at `index` moved by `step` (−1 up, +1 down); unchanged at either end. */
export function moveField(fields: DraftField[], index: number, step: -1 | 1): DraftField[] {
  const target = index + step;
  if (index < 0 || index >= fields.length || target < 0 || target >= fields.length) return fields;
  const moved = [...fields];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/**
 * What is wrong with each row, by key, as the server's schema would see it: a name (a letter or underscore,
 * then letters, digits, underscores; unique within the form) and a label, each within its length.
 */
export function draftProblems(fields: DraftField[]): Record<string, FieldProblems> {
  const problems: Record<string, FieldProblems> = {};
  const seen = new Set<string>();
  for (const field of fields) {
    const name = field.name.trim();
    const label = field.label.trim();
    const found: FieldProblems = {};
    if (!name) found.name = 'robots.caseForm.nameRequired';
    else if (name.length > CASE_FORM_LIMITS.nameMax) found.name = 'robots.caseForm.nameTooLong';
    else if (!NAME_PATTERN.test(name)) found.name = 'robots.caseForm.namePattern';
    else if (seen.has(name)) found.name = 'robots.caseForm.nameTaken';
    seen.add(name);
    if (!label) found.label = 'robots.caseForm.labelRequired';
    else if (label.length > CASE_FORM_LIMITS.labelMax) found.label = 'robots.caseForm.labelTooLong';
    if (found.name || found.label) problems[field.key] = found;
  }
  return problems;
}

/** The form to save: the rows' fields in order, trimmed, without their keys. */
export function toCaseForm(enabled: boolean, fields: DraftField[]): CaseForm {
  return {
    enabled,
    fields: fields.map(({ name, label, type, required }) => ({
      name: name.trim(),
      label: label.trim(),
      type,
      required,
    })),
  };
}
