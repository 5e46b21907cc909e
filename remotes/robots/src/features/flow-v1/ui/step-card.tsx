import { Button, Tag, Tooltip, Typography, IconArrowLeft, IconDelete } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import type { FlowIssue } from '@flotilla/shared/flows';
import type { CSSProperties } from 'react';
import { STEP_FIELDS, STEP_TYPE_WORDS } from '../lib/step-words';
import type { StepVariable, V1Step } from '../lib/steps';
import { AiChatStepForm } from './ai-chat-step-form';
import { ClassifyStepForm } from './classify-step-form';
import { FieldIssues } from './field-issues';
import { KnowledgeStepForm } from './knowledge-step-form';
import { ReplyStepForm } from './reply-step-form';

const cardStyle = (marked: boolean): CSSProperties => ({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  padding: 16,
  background: 'var(--semi-color-bg-1)',
  border: `1px solid ${marked ? 'var(--semi-color-danger)' : 'var(--semi-color-border)'}`,
  borderRadius: 'var(--semi-border-radius-large)',
});
const numberStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  borderRadius: '50%',
  background: 'var(--semi-color-primary-light-default)',
  color: 'var(--semi-color-primary)',
  fontWeight: 600,
  flex: 'none',
};

/** One step of a v1 flow: its number, type and id, move up/down and remove, its form, and what is wrong with it. */
export function StepCard({
  step,
  index,
  count,
  issues,
  variables,
  onChange,
  onMove,
  onRemove,
}: {
  step: V1Step;
  index: number;
  /** How many steps the flow has (the last cannot move down). */
  count: number;
  issues: readonly FlowIssue[];
  variables: readonly StepVariable[];
  onChange: (data: V1Step['data']) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const n = index + 1;
  const words = STEP_TYPE_WORDS[step.type];
  const title = t('robots.flowV1.stepTitle', { n, type: t(words.name) });
  const shown = STEP_FIELDS[step.type];
  const elsewhere = issues.filter((issue) => !shown.includes(issue.field));
  const form = () => {
    switch (step.type) {
      case 'knowledgeSearch':
        return <KnowledgeStepForm step={step} issues={issues} variables={variables} onChange={onChange} />;
      case 'aiChat':
        return <AiChatStepForm step={step} issues={issues} variables={variables} onChange={onChange} />;
      case 'classify':
        return <ClassifyStepForm step={step} issues={issues} variables={variables} onChange={onChange} />;
      case 'reply':
        return <ReplyStepForm step={step} issues={issues} variables={variables} onChange={onChange} />;
    }
  };
  return (
    <section aria-label={title} style={cardStyle(issues.length > 0)}>
      <header style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
        <span style={numberStyle} aria-hidden>
          {n}
        </span>
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            <Typography.Text strong>{t(words.name)}</Typography.Text>
            <Tooltip content={t('robots.flowV1.stepIdHint')}>
              <Typography.Text type="tertiary" size="small" style={{ fontFamily: 'monospace' }}>
                {step.id}
              </Typography.Text>
            </Tooltip>
            {issues.length > 0 && (
              <Tag color="red" type="light" size="small">
                {t('robots.flowV1.stepIssues', { count: issues.length })}
              </Tag>
            )}
          </span>
          <Typography.Text type="tertiary" size="small">
            {t(words.hint)}
          </Typography.Text>
        </div>
        <span style={{ display: 'inline-flex', gap: 4 }}>
          <Button
            size="small"
            theme="borderless"
            type="tertiary"
            icon={<IconArrowLeft rotate={90} />}
            disabled={index === 0}
            aria-label={t('robots.flowV1.moveUp', { n })}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            theme="borderless"
            type="tertiary"
            icon={<IconArrowLeft rotate={-90} />}
            disabled={index === count - 1}
            aria-label={t('robots.flowV1.moveDown', { n })}
            onClick={() => onMove(1)}
          />
          <Button
            size="small"
            theme="borderless"
            type="danger"
            icon={<IconDelete />}
            aria-label={t('robots.flowV1.removeStep', { n })}
            onClick={onRemove}
          />
        </span>
      </header>
      <FieldIssues issues={elsewhere} />
      {form()}
    </section>
  );
}
