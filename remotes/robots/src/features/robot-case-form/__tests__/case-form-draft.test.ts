import { describe, expect, it } from 'vitest';
import { blankField, draftProblems, moveField, toCaseForm, type DraftField } from '../lib/case-form-draft';

const field = (patch: Partial<DraftField>): DraftField => ({ ...blankField(), ...patch });

describe('case form draft', () => {
  it('asks for names the server accepts, unique within the form, and labels', () => {
    const fields = [
      field({ name: 'phone', label: 'Phone' }),
      field({ name: '1st', label: 'First' }),
      field({ name: 'phone', label: 'Phone again' }),
      field({ name: '', label: ' ' }),
      field({ name: 'x'.repeat(41), label: 'y'.repeat(61) }),
      field({ name: '_budget2', label: 'Budget' }),
    ];
    const problems = draftProblems(fields);
    expect(Object.values(problems)).toEqual([
      { name: 'robots.caseForm.namePattern' },
      { name: 'robots.caseForm.nameTaken' },
      { name: 'robots.caseForm.nameRequired', label: 'robots.caseForm.labelRequired' },
      { name: 'robots.caseForm.nameTooLong', label: 'robots.caseForm.labelTooLong' },
    ]);
    expect(problems[fields[0]!.key]).toBeUndefined();
    expect(problems[fields[5]!.key]).toBeUndefined();
  });

  it('moves a field up or down and stays put at either end', () => {
    const [a, b, c] = [field({ name: 'a' }), field({ name: 'b' }), field({ name: 'c' })];
    expect(moveField([a!, b!, c!], 2, -1).map((item) => item.name)).toEqual(['a', 'c', 'b']);
    expect(moveField([a!, b!, c!], 0, 1).map((item) => item.name)).toEqual(['b', 'a', 'c']);
    expect(moveField([a!, b!, c!], 0, -1).map((item) => item.name)).toEqual(['a', 'b', 'c']);
    expect(moveField([a!, b!, c!], 2, 1).map((item) => item.name)).toEqual(['a', 'b', 'c']);
  });

  it('saves the fields trimmed, in order, without their keys', () => {
    const form = toCaseForm(true, [field({ name: ' phone ', label: ' Phone ', type: 'phone', required: true })]);
    expect(form).toEqual({ enabled: true, fields: [{ name: 'phone', label: 'Phone', type: 'phone', required: true }] });
  });
});
