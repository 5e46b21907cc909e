import { InputNumber, Select } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { $databases } from '../../flow-editor.model';
import { FieldRow } from '../field-row';
import { TemplateField } from '../template-field';
import { ModelSelect } from './model-select';
import type { PanelProps } from './panel-props';

/** The bounds of a dbQuery node's data (as its contract has them). */
const DB_QUERY_LIMITS = { databases: 10, rows: 50 } as const;

/** A dbQuery node: the tenant's databases it reads, what it looks up, how many rows it keeps, the model writing SQL. */
export function DbQueryPanel({ node, change, variables }: PanelProps<'dbQuery'>) {
  const t = useT();
  const databasesId = useId();
  const databasesLabelId = useId();
  const limitId = useId();
  const databases = useUnit($databases);
  return (
    <>
      <FieldRow label={t('robots.flowEditor.field.databases')} htmlFor={databasesId} labelId={databasesLabelId}>
        <Select
          id={databasesId}
          aria-labelledby={databasesLabelId}
          multiple
          filter
          max={DB_QUERY_LIMITS.databases}
          style={{ width: '100%' }}
          value={node.data.databaseIds}
          placeholder={t('robots.flowEditor.field.databasesPlaceholder')}
          optionList={databases.map((database) => ({ value: database.id, label: database.name }))}
          onChange={(picked) => change({ databaseIds: Array.isArray(picked) ? picked.map(String) : [] }, 'databaseIds')}
        />
      </FieldRow>
      <TemplateField
        label={t('robots.flowEditor.field.query')}
        value={node.data.query ?? ''}
        onChange={(query) => change({ query: query || undefined }, 'query')}
        variables={variables}
        placeholder={t('robots.flowEditor.field.queryPlaceholder')}
      />
      <FieldRow
        label={t('robots.flowEditor.field.rowLimit')}
        htmlFor={limitId}
        hint={t('robots.flowEditor.field.rowLimitHint')}
      >
        <InputNumber
          id={limitId}
          min={1}
          max={DB_QUERY_LIMITS.rows}
          precision={0}
          value={node.data.limit}
          onNumberChange={(value: number) => change({ limit: Number.isFinite(value) ? value : undefined }, 'limit')}
          style={{ width: '100%' }}
        />
      </FieldRow>
      <ModelSelect value={node.data.model} onChange={(model) => change({ model }, 'model')} />
    </>
  );
}
