import { InputNumber, Select } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $datasets, $datasetsLoading } from '../flow-v1.model';
import { issuesAt } from '../lib/issue-words';
import { labelId, StepField } from './step-field';
import type { StepFormProps } from './step-form-props';

/** A knowledge search step: the datasets it searches and how many passages it keeps. */
export function KnowledgeStepForm({ step, issues, onChange }: StepFormProps<'knowledgeSearch'>) {
  const t = useT();
  const { datasets, loading } = useUnit({ datasets: $datasets, loading: $datasetsLoading });
  const datasetsId = `${step.id}-datasets`;
  const limitId = `${step.id}-limit`;
  const { limit, ...rest } = step.data;
  return (
    <>
      <StepField
        label={t('robots.flowV1.field.datasets')}
        htmlFor={datasetsId}
        hint={datasets.length || loading ? undefined : t('robots.flowV1.field.noDatasets')}
        issues={issuesAt(issues, 'datasetIds')}
      >
        <Select
          id={datasetsId}
          aria-labelledby={labelId(datasetsId)}
          multiple
          filter
          loading={loading}
          placeholder={t('robots.flowV1.field.datasetsPlaceholder')}
          optionList={datasets.map((dataset) => ({ value: dataset.id, label: dataset.name }))}
          value={step.data.datasetIds}
          onChange={(value) => onChange({ ...step.data, datasetIds: (value as string[]) ?? [] })}
          style={{ width: '100%' }}
        />
      </StepField>
      <StepField
        label={t('robots.flowV1.field.limit')}
        htmlFor={limitId}
        hint={t('robots.flowV1.field.limitHint')}
        issues={issuesAt(issues, 'limit')}
      >
        <InputNumber
          id={limitId}
          min={1}
          max={10}
          precision={0}
          value={limit}
          onChange={(value) =>
            onChange(typeof value === 'number' && Number.isFinite(value) ? { ...rest, limit: value } : rest)
          }
          style={{ width: 160 }}
        />
      </StepField>
    </>
  );
}
