import { InputNumber, Select, TextArea } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $models } from '../flow-v1.model';
import { issuesAt } from '../lib/issue-words';
import { withVariable } from '../lib/steps';
import { labelId, StepField } from './step-field';
import type { StepFormProps } from './step-form-props';
import { VariablePicker } from './variable-picker';

/** An AI answer step: its instructions (the robot's prompt when empty), its model and temperature. */
export function AiChatStepForm({ step, issues, variables, onChange }: StepFormProps<'aiChat'>) {
  const t = useT();
  const models = useUnit($models);
  const promptId = `${step.id}-prompt`;
  const modelId = `${step.id}-model`;
  const temperatureId = `${step.id}-temperature`;
  const { prompt, model, temperature, ...rest } = step.data;
  const change = (patch: { prompt?: string; model?: string; temperature?: number }) => {
    const next = { prompt, model, temperature, ...patch };
    onChange({
      ...rest,
      ...(next.prompt ? { prompt: next.prompt } : {}),
      ...(next.model ? { model: next.model } : {}),
      ...(next.temperature !== undefined ? { temperature: next.temperature } : {}),
    });
  };
  const promptLabel = t('robots.flowV1.field.prompt');
  return (
    <>
      <StepField
        label={promptLabel}
        htmlFor={promptId}
        hint={t('robots.flowV1.field.promptHint')}
        issues={issuesAt(issues, 'prompt')}
        extra={
          <VariablePicker
            label={promptLabel}
            variables={variables}
            onPick={(variable) => change({ prompt: withVariable(prompt ?? '', variable) })}
          />
        }
      >
        <TextArea
          id={promptId}
          value={prompt ?? ''}
          onChange={(value) => change({ prompt: value })}
          placeholder={t('robots.flowV1.field.promptPlaceholder')}
          autosize={{ minRows: 3, maxRows: 10 }}
          maxCount={FLOW_LIMITS.text}
          maxLength={FLOW_LIMITS.text}
        />
      </StepField>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 240px' }}>
          <StepField label={t('robots.flowV1.field.model')} htmlFor={modelId} issues={issuesAt(issues, 'model')}>
            <Select
              id={modelId}
              aria-labelledby={labelId(modelId)}
              showClear
              placeholder={t('robots.flowV1.field.modelPlaceholder')}
              optionList={models.map((option) => ({ value: option.id, label: option.name }))}
              value={model}
              onChange={(value) => change({ model: typeof value === 'string' ? value : undefined })}
              style={{ width: '100%' }}
            />
          </StepField>
        </div>
        <div style={{ flex: '0 1 200px' }}>
          <StepField
            label={t('robots.flowV1.field.temperature')}
            htmlFor={temperatureId}
            issues={issuesAt(issues, 'temperature')}
          >
            <InputNumber
              id={temperatureId}
              min={0}
              max={2}
              step={0.1}
              precision={1}
              placeholder={t('robots.flowV1.field.temperaturePlaceholder')}
              value={temperature}
              onChange={(value) =>
                change({ temperature: typeof value === 'number' && Number.isFinite(value) ? value : undefined })
              }
              style={{ width: '100%' }}
            />
          </StepField>
        </div>
      </div>
    </>
  );
}
