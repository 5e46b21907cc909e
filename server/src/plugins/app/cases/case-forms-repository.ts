import type { CaseForm, CaseFormField } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** What a robot without a stored case form has. */
export const NO_CASE_FORM: CaseForm = { enabled: false, fields: [] };

/** The stored fields; anything unreadable reads as none (the form then opens nothing). */
function parseFields(text: string): CaseFormField[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as CaseFormField[]) : [];
  } catch {
    return [];
  }
}

/** Robots' case forms: the fields a conversation must give for a case to open. The caller checks the robot. */
export function caseFormsRepository(db: Database) {
  return {
    async get(tenantId: string, processId: string): Promise<CaseForm> {
      const row = await scoped(db, tenantId)
        .selectFrom('caseForms')
        .select(['enabled', 'fields'])
        .where('processId', '=', processId)
        .executeTakeFirst();
      return row ? { enabled: row.enabled === 1, fields: parseFields(row.fields) } : NO_CASE_FORM;
    },

    async put(tenantId: string, processId: string, form: CaseForm): Promise<CaseForm> {
      // Only the declared keys are kept: the body may not carry anything else into the stored JSON.
      const fields = form.fields.map(({ name, label, type, required }) => ({ name, label, type, required }));
      const values = { enabled: form.enabled ? 1 : 0, fields: JSON.stringify(fields), updatedAt: isoNow() } as const;
      await scoped(db, tenantId)
        .insertInto('caseForms', { processId, ...values })
        .onConflict((oc) => oc.columns(['tenantId', 'processId']).doUpdateSet(values))
        .execute();
      return { enabled: form.enabled, fields };
    },
  };
}
