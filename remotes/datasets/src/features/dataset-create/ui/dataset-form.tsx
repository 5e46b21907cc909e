import { Banner, Button } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import { CHUNK_LIMITS, failureText, useT, type Dataset, type EmbeddingModel } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_CHUNK_SETTINGS } from '../../../lib/chunk-settings';
import { DATASET_LIST_PATH, datasetDetailPath } from '../../../lib/paths';
import {
  areDefaultSeparators,
  DEFAULT_SEPARATORS_SHOWN,
  readSeparator,
  separatorsProblem,
  showSeparator,
} from '../../../lib/separators';
import {
  $embeddingModels,
  $embeddingModelsFailed,
  $saveFailure,
  $saving,
  datasetFormSubmitted,
  embeddingModelsRetryClicked,
} from '../dataset-create.model';

/** The fields as the form holds them: separators written with escapes, no embedding model as `undefined`. */
type FormFields = {
  name: string;
  description?: string;
  chunkSize: number;
  overlap: number;
  separators: string[];
  embeddingModel?: string;
};

function initialFields(dataset: Dataset | null): FormFields {
  if (!dataset)
    return {
      name: '',
      description: '',
      chunkSize: DEFAULT_CHUNK_SETTINGS.chunkSize,
      overlap: DEFAULT_CHUNK_SETTINGS.overlap,
      separators: [],
    };
  return {
    name: dataset.name,
    description: dataset.description,
    chunkSize: dataset.chunkSize,
    overlap: dataset.overlap,
    // The defaults show as the placeholder of an empty input.
    separators: areDefaultSeparators(dataset.separators) ? [] : dataset.separators.map(showSeparator),
    ...(dataset.embeddingModel ? { embeddingModel: dataset.embeddingModel } : {}),
  };
}

/** The models to offer: the server's, plus the dataset's own when the server no longer lists it. */
function modelOptions(models: EmbeddingModel[], current: string | null | undefined) {
  const options = models.map((model) => ({ value: model.id, label: model.name }));
  if (current && !models.some((model) => model.id === current)) options.push({ value: current, label: current });
  return options;
}

/** The form of one dataset: new (no dataset) or edit. */
export function DatasetForm({ dataset }: { dataset: Dataset | null }) {
  const t = useT();
  const navigate = useNavigate();
  const m = useUnit({
    saving: $saving,
    failure: $saveFailure,
    models: $embeddingModels,
    modelsFailed: $embeddingModelsFailed,
    submitted: datasetFormSubmitted,
    modelsRetried: embeddingModelsRetryClicked,
  });
  const editing = dataset !== null;
  const initValues = useMemo(() => initialFields(dataset), [dataset]);
  const options = modelOptions(m.models ?? [], dataset?.embeddingModel);
  let modelHint: string;
  if (m.modelsFailed) modelHint = t('datasets.form.embeddingFailed');
  else if (m.models && options.length === 0) modelHint = t('datasets.form.embeddingNone');
  else modelHint = t('datasets.form.embeddingHint');

  return (
    <div style={{ maxWidth: 640 }}>
      {m.failure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={editing ? t('datasets.edit.failed') : t('datasets.create.failed')}
          description={failureText(m.failure, t)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form<FormFields>
        initValues={initValues}
        labelPosition="top"
        onSubmit={(values) =>
          m.submitted({
            name: values.name ?? '',
            description: values.description ?? '',
            chunkSize: values.chunkSize,
            overlap: values.overlap,
            separators: (values.separators ?? []).map(readSeparator),
            embeddingModel: values.embeddingModel || null,
          })
        }
      >
        {({ formState }) => (
          <>
            <Form.Input
              field="name"
              label={t('datasets.form.name')}
              placeholder={t('datasets.form.namePlaceholder')}
              maxLength={100}
              autoFocus
              rules={[{ required: true, whitespace: true, message: t('datasets.form.nameRequired') }]}
            />
            <Form.TextArea
              field="description"
              label={t('datasets.form.description')}
              placeholder={t('datasets.form.descriptionPlaceholder')}
              maxCount={1000}
              maxLength={1000}
              rows={3}
            />
            <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              <Form.InputNumber
                field="chunkSize"
                label={t('datasets.chunk.chunkSize')}
                extraText={t('datasets.chunk.chunkSizeHint', {
                  min: CHUNK_LIMITS.chunkSize.min,
                  max: CHUNK_LIMITS.chunkSize.max,
                })}
                min={CHUNK_LIMITS.chunkSize.min}
                max={CHUNK_LIMITS.chunkSize.max}
                precision={0}
                style={{ width: 200 }}
                rules={[{ required: true, message: t('datasets.chunk.error.chunkSize') }]}
              />
              <Form.InputNumber
                field="overlap"
                label={t('datasets.chunk.overlap')}
                extraText={t('datasets.chunk.overlapHint')}
                min={CHUNK_LIMITS.overlap.min}
                max={CHUNK_LIMITS.overlap.max}
                precision={0}
                style={{ width: 200 }}
                validate={(overlap: number | undefined) => {
                  if (overlap === undefined || overlap === null) return t('datasets.chunk.error.overlap');
                  const size = formState.values?.chunkSize;
                  return typeof size === 'number' && overlap >= size ? t('datasets.chunk.error.overlapTooLarge') : '';
                }}
              />
            </div>
            <Form.TagInput
              field="separators"
              label={t('datasets.chunk.separators')}
              extraText={t('datasets.chunk.separatorsHint')}
              separator={null}
              max={CHUNK_LIMITS.separators}
              placeholder={t('datasets.chunk.separatorsDefault', { separators: DEFAULT_SEPARATORS_SHOWN })}
              validate={(written: string[] | undefined) => {
                const problem = separatorsProblem((written ?? []).map(readSeparator));
                if (problem === 'tooMany') return t('datasets.chunk.error.separatorsTooMany');
                if (problem === 'tooLong') return t('datasets.chunk.error.separatorsTooLong');
                return '';
              }}
            />
            <Form.Select
              field="embeddingModel"
              label={t('datasets.form.embedding')}
              placeholder={t('datasets.form.embeddingPlaceholder')}
              extraText={
                m.modelsFailed ? (
                  <span>
                    {modelHint}{' '}
                    <Button theme="borderless" size="small" onClick={m.modelsRetried}>
                      {t('datasets.retry')}
                    </Button>
                  </span>
                ) : (
                  modelHint
                )
              }
              optionList={options}
              disabled={options.length === 0}
              loading={m.models === null && !m.modelsFailed}
              showClear
              // Without the closing animation the form gets the choice at once (and tests see it).
              motion={false}
              style={{ width: 320 }}
            />
            <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
              <Button htmlType="submit" theme="solid" type="primary" loading={m.saving}>
                {editing ? t('datasets.edit.submit') : t('datasets.create.submit')}
              </Button>
              <Button
                type="tertiary"
                onClick={() => navigate(dataset ? datasetDetailPath(dataset.id) : DATASET_LIST_PATH)}
              >
                {t('datasets.create.cancel')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </div>
  );
}
