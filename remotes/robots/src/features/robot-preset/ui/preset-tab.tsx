import { SaveFailedBanner } from '@flotilla/shared/ui';
import { Button, IconDelete, IconPlus } from '@flotilla/shared/ui/semi';
import { ArrayField, Form } from '@flotilla/shared/ui/semi-forms';
import { ROBOT_LIMITS, useT, type Preset, type UpdatePresetBody } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRobotOpened, type RobotRef } from '../../../lib/robot-ref';
import { TabLoadFailed } from '../../../ui/tab-load-failed';
import { TabLoading } from '../../../ui/tab-loading';
import {
  $preset,
  $presetLoadCount,
  $presetLoadFailure,
  $presetSaveFailure,
  $presetSaving,
  $presetStatus,
  presetOpened,
  presetRetryClicked,
  presetSubmitted,
} from '../robot-preset.model';

const WELCOME_MAX = 2000;

function toBody(values: Partial<Preset>): UpdatePresetBody {
  return {
    welcome: values.welcome ?? '',
    suggestedQuestions: (values.suggestedQuestions ?? []).map((question) => (question ?? '').trim()),
  };
}

/** The "Preset" tab: the welcome text and the suggested questions a chat with the robot opens with. */
export function PresetTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  const m = useUnit({
    preset: $preset,
    status: $presetStatus,
    loadFailure: $presetLoadFailure,
    saveFailure: $presetSaveFailure,
    saving: $presetSaving,
    loadCount: $presetLoadCount,
    opened: presetOpened,
    retried: presetRetryClicked,
    submitted: presetSubmitted,
  });
  useRobotOpened(m.opened, robot);
  const { processId } = robot;

  if (m.status === 'error') return <TabLoadFailed failure={m.loadFailure} onRetry={m.retried} />;
  if (!m.preset) return <TabLoading />;

  const { suggestedQuestions: maxQuestions, suggestedQuestionLength: maxLength } = ROBOT_LIMITS;
  return (
    <div style={{ maxWidth: 760 }}>
      <SaveFailedBanner failure={m.saveFailure} title={t('robots.preset.saveFailed')} />
      <Form<Preset>
        key={`${processId}:${m.loadCount}`}
        initValues={m.preset}
        onSubmit={(values) => m.submitted(toBody(values))}
        labelPosition="top"
      >
        <Form.TextArea
          field="welcome"
          label={t('robots.preset.welcome')}
          placeholder={t('robots.preset.welcomePlaceholder')}
          autosize={{ minRows: 3, maxRows: 8 }}
          maxCount={WELCOME_MAX}
          rules={[{ max: WELCOME_MAX, message: t('robots.preset.welcomeTooLong', { max: WELCOME_MAX }) }]}
        />
        <Form.Label
          text={t('robots.preset.questions')}
          extra={t('robots.preset.questionsHint', { max: maxQuestions })}
        />
        <ArrayField field="suggestedQuestions">
          {({ add, arrayFields }) => (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
              {arrayFields.map(({ field, key, remove }, index) => (
                <div key={key} style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
                  <Form.Input
                    field={field}
                    noLabel
                    aria-label={t('robots.preset.question', { index: index + 1 })}
                    placeholder={t('robots.preset.questionPlaceholder')}
                    fieldStyle={{ flex: 1, padding: 0 }}
                    rules={[
                      { required: true, whitespace: true, message: t('robots.preset.questionRequired') },
                      { max: maxLength, message: t('robots.preset.questionTooLong', { max: maxLength }) },
                    ]}
                  />
                  <Button
                    type="danger"
                    theme="borderless"
                    icon={<IconDelete />}
                    aria-label={t('robots.preset.removeQuestion', { index: index + 1 })}
                    onClick={remove}
                  />
                </div>
              ))}
              <div>
                <Button icon={<IconPlus />} disabled={arrayFields.length >= maxQuestions} onClick={() => add()}>
                  {t('robots.preset.addQuestion')}
                </Button>
              </div>
            </div>
          )}
        </ArrayField>
        <Button htmlType="submit" theme="solid" type="primary" loading={m.saving} style={{ marginTop: 24 }}>
          {t('robots.preset.save')}
        </Button>
      </Form>
    </div>
  );
}
