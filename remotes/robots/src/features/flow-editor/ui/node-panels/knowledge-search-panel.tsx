import { InputNumber, Select } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { $datasets } from '../../flow-editor.model';
import { FieldRow } from '../field-row';
import { TemplateField } from '../template-field';
import type { PanelProps } from './panel-props';

/** A knowledge search node: the tenant's datasets it searches, what for, and how many segments it keeps. */
export function KnowledgeSearchPanel({ node, change, variables }: PanelProps<'knowledgeSearch'>) {
  const t = useT();
  const datasetsId = useId();
  const limitId = useId();
  const datasets = useUnit($datasets);
  return (
    <>
      <FieldRow label={t('robots.flowEditor.field.datasets')} htmlFor={datasetsId}>
        <Select
          id={datasetsId}
          aria-label={t('robots.flowEditor.field.datasets')}
          multiple
          filter
          max={50}
          style={{ width: '100%' }}
          value={node.data.datasetIds}
          placeholder={t('robots.flowEditor.field.datasetsPlaceholder')}
          optionList={datasets.map((dataset) => ({ value: dataset.id, label: dataset.name }))}
          onChange={(picked) => change({ datasetIds: Array.isArray(picked) ? picked.map(String) : [] }, 'datasetIds')}
        />
      </FieldRow>
      <TemplateField
        label={t('robots.flowEditor.field.query')}
        value={node.data.query ?? ''}
        onChange={(query) => change({ query: query || undefined }, 'query')}
        variables={variables}
        placeholder={t('robots.flowEditor.field.queryPlaceholder')}
      />
      <FieldRow label={t('robots.flowEditor.field.limit')} htmlFor={limitId}>
        <InputNumber
          id={limitId}
          min={1}
          max={10}
          precision={0}
          value={node.data.limit}
          onNumberChange={(value: number) => change({ limit: Number.isFinite(value) ? value : undefined }, 'limit')}
          style={{ width: '100%' }}
        />
      </FieldRow>
    </>
  );
}
