import { Banner, Input, Modal } from '@flotilla/shared/ui/semi';
import { DATABASE_TABLE_LIMITS, failureText, useT, type DatabaseColumn, type DatabaseRow } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { cellFromText, textOfCell } from '../../../lib/cells';
import { FormField } from '../../../ui/form-field';
import { $rowSaveFailure, $savingRow, rowFormClosed, rowFormSubmitted } from '../database-rows.model';

/** The form of a new row (no `row`) or of a saved one: one field per column. */
export function RowFormModal({ columns, row }: { columns: DatabaseColumn[]; row: DatabaseRow | null }) {
  const t = useT();
  const m = useUnit({
    saving: $savingRow,
    failure: $rowSaveFailure,
    closed: rowFormClosed,
    submitted: rowFormSubmitted,
  });
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((column) => [column.name, textOfCell(row?.[column.name])])),
  );
  const ok = row ? t('datasets.database.rows.save') : t('datasets.database.rows.create');
  const cancel = t('datasets.cancel');
  const submit = () => {
    m.submitted(
      Object.fromEntries(columns.map((column) => [column.name, cellFromText(column.type, texts[column.name] ?? '')])),
    );
  };

  return (
    <Modal
      visible
      title={row ? t('datasets.database.rows.editTitle') : t('datasets.database.rows.createTitle')}
      okText={ok}
      cancelText={cancel}
      okButtonProps={{ 'aria-label': ok }}
      cancelButtonProps={{ 'aria-label': cancel }}
      confirmLoading={m.saving}
      onOk={submit}
      onCancel={m.closed}
      width={560}
      style={{ maxWidth: '100%' }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {m.failure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={t('datasets.database.rows.saveFailed')}
            description={failureText(m.failure, t)}
          />
        )}
        {columns.map((column) => (
          <FormField key={column.name} label={column.name} hint={column.description || column.type}>
            {(id) => (
              <Input
                id={id}
                value={texts[column.name] ?? ''}
                onChange={(value) => setTexts((current) => ({ ...current, [column.name]: value }))}
                maxLength={DATABASE_TABLE_LIMITS.cell}
                placeholder="NULL"
              />
            )}
          </FormField>
        ))}
      </div>
    </Modal>
  );
}
