import { Banner, Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { CSSProperties } from 'react';
import { $issues, $refusedForSteps, $steps, stepAdded, stepChanged, stepMoved, stepRemoved } from '../flow-v1.model';
import { variablesBefore } from '../lib/steps';
import { AddStepMenu } from './add-step-menu';
import { StepCard } from './step-card';
import { useIssueText } from './use-issue-text';

const markerStyle: CSSProperties = {
  alignSelf: 'flex-start',
  padding: '4px 12px',
  borderRadius: 'var(--semi-border-radius-full)',
  background: 'var(--semi-color-fill-1)',
};
const linkStyle: CSSProperties = { width: 2, height: 16, marginLeft: 24, background: 'var(--semi-color-border)' };

/** The steps of a v1 flow from the question to the answer, each with its form, then "Add step". */
export function FlowV1Steps() {
  const t = useT();
  const issueText = useIssueText();
  const m = useUnit({
    steps: $steps,
    issues: $issues,
    refused: $refusedForSteps,
    added: stepAdded,
    changed: stepChanged,
    moved: stepMoved,
    removed: stepRemoved,
  });
  const ids = new Set(m.steps.map((step) => step.id));
  // Issues of the whole flow, or of a step no longer on screen.
  const general = m.issues.filter((issue) => !issue.nodeId || !ids.has(issue.nodeId));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', maxWidth: 820 }}>
      {m.issues.length > 0 && (
        <Banner
          type={m.refused ? 'danger' : 'warning'}
          fullMode={false}
          closeIcon={null}
          title={t(m.refused ? 'robots.flowV1.refused' : 'robots.flowV1.hasIssues', { count: m.issues.length })}
          description={
            general.length > 0 ? (
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {[...new Set(general.map(issueText))].map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            ) : undefined
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Typography.Text style={markerStyle}>{t('robots.flowV1.questionArrives')}</Typography.Text>
      {m.steps.map((step, index) => (
        <div key={step.id} style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={linkStyle} aria-hidden />
          <StepCard
            step={step}
            index={index}
            count={m.steps.length}
            issues={m.issues.filter((issue) => issue.nodeId === step.id)}
            variables={variablesBefore(m.steps, index)}
            onChange={(data) => m.changed({ id: step.id, data })}
            onMove={(by) => m.moved({ id: step.id, by })}
            onRemove={() => m.removed(step.id)}
          />
        </div>
      ))}
      <div style={linkStyle} aria-hidden />
      <div>
        <AddStepMenu onAdd={m.added} />
      </div>
      <Typography.Text type="tertiary" size="small" style={{ marginTop: 12 }}>
        {t('robots.flowV1.answerSent')}
      </Typography.Text>
    </div>
  );
}
