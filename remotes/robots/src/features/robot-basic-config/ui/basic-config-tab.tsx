import { SaveFailedBanner } from '@flotilla/shared/ui';
import { Button, Switch, Typography } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import { ROBOT_LIMITS, useT, type BasicConfig, type UpdateBasicConfigBody } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRobotOpened, type RobotRef } from '../../../lib/robot-ref';
import { TabLoadFailed } from '../../../ui/tab-load-failed';
import { TabLoading } from '../../../ui/tab-loading';
import {
  $basicConfig,
  $basicLoadCount,
  $basicLoadFailure,
  $basicSaveFailure,
  $basicSaving,
  $basicStatus,
  $databases,
  $databasesLoading,
  $datasets,
  $datasetsLoading,
  $models,
  $modelsLoading,
  $switchFailure,
  $switching,
  basicConfigOpened,
  basicConfigRetryClicked,
  basicConfigSubmitted,
  dbSearchToggled,
  librarySearchToggled,
} from '../robot-basic-config.model';

/** The fields the form edits; the search switches save on their own. */
type BasicConfigForm = Pick<
  BasicConfig,
  'model' | 'systemPrompt' | 'temperature' | 'historyLength' | 'fallbackReply' | 'datasetIds' | 'databaseIds'
>;

const SYSTEM_PROMPT_MAX = 10000;
const FALLBACK_REPLY_MAX = 2000;
const rowStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  padding: '8px 0',
} as const;

function toForm(config: BasicConfig): BasicConfigForm {
  const { model, systemPrompt, temperature, historyLength, fallbackReply, datasetIds, databaseIds } = config;
  return { model, systemPrompt, temperature, historyLength, fallbackReply, datasetIds, databaseIds };
}

function toBody(values: Partial<BasicConfigForm>): UpdateBasicConfigBody {
  return {
    ...(values.model ? { model: values.model } : {}),
    systemPrompt: values.systemPrompt ?? '',
    ...(typeof values.temperature === 'number' ? { temperature: values.temperature } : {}),
    ...(typeof values.historyLength === 'number' ? { historyLength: values.historyLength } : {}),
    fallbackReply: values.fallbackReply ?? '',
    datasetIds: values.datasetIds ?? [],
    databaseIds: values.databaseIds ?? [],
  };
}

/** Whether `value` is a number in [min, max] (and whole when `integer`). */
function inRange(value: unknown, min: number, max: number, integer = false): boolean {
  return typeof value === 'number' && value >= min && value <= max && (!integer || Number.isInteger(value));
}

/**
 * The "Basic config" tab: model, prompt, temperature, history, fallback reply, datasets, databases, search
 * switches.
 */
export function BasicConfigTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  const m = useUnit({
    config: $basicConfig,
    status: $basicStatus,
    loadFailure: $basicLoadFailure,
    saveFailure: $basicSaveFailure,
    saving: $basicSaving,
    loadCount: $basicLoadCount,
    models: $models,
    modelsLoading: $modelsLoading,
    datasets: $datasets,
    datasetsLoading: $datasetsLoading,
    databases: $databases,
    databasesLoading: $databasesLoading,
    switching: $switching,
    switchFailure: $switchFailure,
    opened: basicConfigOpened,
    retried: basicConfigRetryClicked,
    submitted: basicConfigSubmitted,
    libraryToggled: librarySearchToggled,
    dbToggled: dbSearchToggled,
  });
  useRobotOpened(m.opened, robot);
  const { processId } = robot;

  if (m.status === 'error') return <TabLoadFailed failure={m.loadFailure} onRetry={m.retried} />;
  if (!m.config) return <TabLoading />;

  const { temperature, historyLength } = ROBOT_LIMITS;
  // Database search reads the saved databases: without one it has nothing to query (turning it off stays possible).
  const noDatabaseBound = m.config.databaseIds.length === 0;
  return (
    <div style={{ maxWidth: 760 }}>
      <SaveFailedBanner failure={m.saveFailure} title={t('robots.basic.saveFailed')} />
      <Form<BasicConfigForm>
        key={`${processId}:${m.loadCount}`}
        initValues={toForm(m.config)}
        onSubmit={(values) => m.submitted(toBody(values))}
        labelPosition="top"
      >
        <Form.Select
          field="model"
          label={t('robots.basic.model')}
          loading={m.modelsLoading}
          optionList={m.models.map((model) => ({
            value: model.id,
            label: t('robots.basic.modelOption', { name: model.name, price: model.price }),
          }))}
          style={{ width: '100%' }}
          rules={[{ required: true, message: t('robots.basic.modelRequired') }]}
        />
        <Form.TextArea
          field="systemPrompt"
          label={t('robots.basic.systemPrompt')}
          placeholder={t('robots.basic.systemPromptPlaceholder')}
          autosize={{ minRows: 4, maxRows: 12 }}
          maxCount={SYSTEM_PROMPT_MAX}
          rules={[
            { max: SYSTEM_PROMPT_MAX, message: t('robots.basic.systemPromptTooLong', { max: SYSTEM_PROMPT_MAX }) },
          ]}
        />
        <Form.InputNumber
          field="temperature"
          label={t('robots.basic.temperature')}
          extraText={t('robots.basic.temperatureHint')}
          min={temperature.min}
          max={temperature.max}
          step={0.1}
          precision={1}
          style={{ width: 200 }}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) => inRange(value, temperature.min, temperature.max),
              message: t('robots.basic.temperatureRange', { min: temperature.min, max: temperature.max }),
            },
          ]}
        />
        <Form.InputNumber
          field="historyLength"
          label={t('robots.basic.historyLength')}
          extraText={t('robots.basic.historyLengthHint')}
          min={historyLength.min}
          max={historyLength.max}
          precision={0}
          style={{ width: 200 }}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) => inRange(value, historyLength.min, historyLength.max, true),
              message: t('robots.basic.historyLengthRange', { min: historyLength.min, max: historyLength.max }),
            },
          ]}
        />
        <Form.TextArea
          field="fallbackReply"
          label={t('robots.basic.fallbackReply')}
          extraText={t('robots.basic.fallbackReplyHint')}
          autosize={{ minRows: 2, maxRows: 6 }}
          maxCount={FALLBACK_REPLY_MAX}
          rules={[
            { max: FALLBACK_REPLY_MAX, message: t('robots.basic.fallbackReplyTooLong', { max: FALLBACK_REPLY_MAX }) },
          ]}
        />
        <Form.Select
          field="datasetIds"
          label={t('robots.basic.datasets')}
          extraText={m.datasets.length || m.datasetsLoading ? undefined : t('robots.basic.noDatasetsHint')}
          multiple
          filter
          loading={m.datasetsLoading}
          placeholder={t('robots.basic.datasetsPlaceholder')}
          emptyContent={t('robots.basic.noDatasets')}
          optionList={m.datasets.map((dataset) => ({ value: dataset.id, label: dataset.name }))}
          style={{ width: '100%' }}
          rules={[
            {
              type: 'array',
              max: ROBOT_LIMITS.boundSources,
              message: t('robots.basic.datasetsTooMany', { max: ROBOT_LIMITS.boundSources }),
            },
          ]}
        />
        <Form.Select
          field="databaseIds"
          label={t('robots.basic.databases')}
          extraText={m.databases.length || m.databasesLoading ? undefined : t('robots.basic.noDatabasesHint')}
          multiple
          filter
          loading={m.databasesLoading}
          placeholder={t('robots.basic.databasesPlaceholder')}
          emptyContent={t('robots.basic.noDatabases')}
          optionList={m.databases.map((database) => ({ value: database.id, label: database.name }))}
          style={{ width: '100%' }}
          rules={[
            {
              type: 'array',
              max: ROBOT_LIMITS.boundSources,
              message: t('robots.basic.databasesTooMany', { max: ROBOT_LIMITS.boundSources }),
            },
          ]}
        />
        <Button htmlType="submit" theme="solid" type="primary" loading={m.saving} style={{ marginTop: 12 }}>
          {t('robots.basic.save')}
        </Button>
      </Form>

      <Typography.Title heading={6} style={{ marginTop: 32 }}>
        {t('robots.basic.search')}
      </Typography.Title>
      <Typography.Text type="tertiary" size="small">
        {t('robots.basic.searchHint')}
      </Typography.Text>
      <SaveFailedBanner failure={m.switchFailure} title={t('robots.basic.switchFailed')} />
      <div style={rowStyle}>
        <Typography.Text id="robots-library-search">{t('robots.basic.librarySearch')}</Typography.Text>
        <Switch
          aria-labelledby="robots-library-search"
          checked={m.config.librarySearch}
          loading={m.switching}
          disabled={m.switching}
          onChange={(checked) => m.libraryToggled(checked)}
        />
      </div>
      <div style={rowStyle}>
        <Typography.Text id="robots-db-search">{t('robots.basic.dbSearch')}</Typography.Text>
        <Switch
          aria-labelledby="robots-db-search"
          aria-describedby={noDatabaseBound ? 'robots-db-search-hint' : undefined}
          checked={m.config.dbSearch}
          loading={m.switching}
          disabled={m.switching || (noDatabaseBound && !m.config.dbSearch)}
          onChange={(checked) => m.dbToggled(checked)}
        />
      </div>
      {noDatabaseBound && (
        <Typography.Text id="robots-db-search-hint" type="tertiary" size="small">
          {t('robots.basic.dbSearchNeedsDatabase')}
        </Typography.Text>
      )}
    </div>
  );
}
