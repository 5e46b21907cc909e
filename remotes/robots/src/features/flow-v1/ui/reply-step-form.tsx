import { TextArea } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, useT } from '@flotilla/shared';
import { issuesAt } from '../lib/issue-words';
import { withVariable } from '../lib/steps';
import { StepField } from './step-field';
import type { StepFormProps } from './step-form-props';
import { VariablePicker } from './variable-picker';

/** A fixed reply step: the text it says, with variables filled in. */
export function ReplyStepForm({ step, issues, variables, onChange }: StepFormProps<'reply'>) {
  const t = useT();
  const textId = `${step.id}-text`;
  const label = t('robots.flowV1.field.text');
  return (
    <StepField
      label={label}
      htmlFor={textId}
      hint={t('robots.flowV1.field.textHint')}
      issues={issuesAt(issues, 'text')}
      extra={
        <VariablePicker
          label={label}
          variables={variables}
          onPick={(variable) => onChange({ ...step.data, text: withVariable(step.data.text, variable) })}
        />
      }
    >
      <TextArea
        id={textId}
        value={step.data.text}
        onChange={(text) => onChange({ ...step.data, text })}
        placeholder={t('robots.flowV1.field.textPlaceholder')}
        autosize={{ minRows: 2, maxRows: 10 }}
        maxCount={FLOW_LIMITS.text}
        maxLength={FLOW_LIMITS.text}
      />
    </StepField>
  );
}
