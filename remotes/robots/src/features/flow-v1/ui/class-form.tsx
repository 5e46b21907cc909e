import { Button, Input, TagInput, TextArea, Typography, IconDelete } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, useT, type V1FlowClass } from '@flotilla/shared';
import type { FlowIssue } from '@flotilla/shared/flows';
import { withVariable, type StepVariable } from '../lib/steps';
import { FieldIssues } from './field-issues';
import { StepField } from './step-field';
import { VariablePicker } from './variable-picker';

const classStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: 12,
  background: 'var(--semi-color-fill-0)',
  borderRadius: 'var(--semi-border-radius-medium)',
} as const;

/** One class of a classify step: its name, example questions, and the reply given when a question is of it. */
export function ClassForm({
  stepId,
  index,
  option,
  issues,
  variables,
  removable,
  onChange,
  onRemove,
}: {
  stepId: string;
  index: number;
  option: V1FlowClass;
  /** The issues of this class (`path` = `['classes', index, field, …]`). */
  issues: readonly FlowIssue[];
  variables: readonly StepVariable[];
  removable: boolean;
  onChange: (option: V1FlowClass) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const n = index + 1;
  const at = (field: string) => issues.filter((issue) => issue.path[2] === field);
  const other = issues.filter((issue) => !['name', 'examples', 'reply'].includes(issue.path[2] ?? ''));
  const nameId = `${stepId}-class-${index}-name`;
  const replyId = `${stepId}-class-${index}-reply`;
  const replyLabel = t('robots.flowV1.field.classReply', { n });
  return (
    <div style={classStyle} role="group" aria-label={t('robots.flowV1.classTitle', { n })}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text strong>{t('robots.flowV1.classTitle', { n })}</Typography.Text>
        <Button
          size="small"
          theme="borderless"
          type="danger"
          icon={<IconDelete />}
          disabled={!removable}
          aria-label={t('robots.flowV1.removeClass', { n })}
          onClick={onRemove}
        />
      </div>
      <StepField label={t('robots.flowV1.field.className', { n })} htmlFor={nameId} issues={at('name')}>
        <Input
          id={nameId}
          value={option.name}
          maxLength={100}
          placeholder={t('robots.flowV1.field.classNamePlaceholder')}
          onChange={(name) => onChange({ ...option, name })}
        />
      </StepField>
      <StepField
        label={t('robots.flowV1.field.examples', { n })}
        hint={t('robots.flowV1.field.examplesHint')}
        issues={at('examples')}
      >
        <TagInput
          aria-label={t('robots.flowV1.field.examples', { n })}
          value={option.examples}
          maxLength={200}
          max={FLOW_LIMITS.examples}
          allowDuplicates={false}
          addOnBlur
          placeholder={t('robots.flowV1.field.examplesPlaceholder')}
          onChange={(examples) =>
            onChange({ ...option, examples: examples.map((example) => example.trim()).filter(Boolean) })
          }
        />
      </StepField>
      <StepField
        label={replyLabel}
        htmlFor={replyId}
        issues={at('reply')}
        extra={
          <VariablePicker
            label={replyLabel}
            variables={variables}
            onPick={(variable) => onChange({ ...option, reply: withVariable(option.reply, variable) })}
          />
        }
      >
        <TextArea
          id={replyId}
          value={option.reply}
          maxLength={FLOW_LIMITS.text}
          autosize={{ minRows: 2, maxRows: 8 }}
          placeholder={t('robots.flowV1.field.classReplyPlaceholder')}
          onChange={(reply) => onChange({ ...option, reply })}
        />
      </StepField>
      <FieldIssues issues={other} />
    </div>
  );
}
