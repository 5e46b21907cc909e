import { Banner, Button, Tag, TextArea, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT, type TraceStatus } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId, useState } from 'react';
import {
  $debugAnswer,
  $debugFailure,
  $debugging,
  $debugSessionId,
  $selectedNodes,
  $trace,
  debugAsked,
  debugResetClicked,
} from '../flow-editor.model';

const STATUS_COLORS: Record<TraceStatus, 'green' | 'red' | 'grey'> = { ok: 'green', error: 'red', skipped: 'grey' };
const STATUS_LABELS: Record<TraceStatus, string> = {
  ok: 'robots.flowEditor.debug.status.ok',
  error: 'robots.flowEditor.debug.status.error',
  skipped: 'robots.flowEditor.debug.status.skipped',
};

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * Asks the draft a question (what is on the canvas is saved first), shows the answer and the run: each
 * node is lit on the canvas by how it ran; the selected node's input, output, time and error are shown here.
 */
export function DebugPanel() {
  const t = useT();
  const questionId = useId();
  const [question, setQuestion] = useState('');
  const m = useUnit({
    answer: $debugAnswer,
    trace: $trace,
    failure: $debugFailure,
    busy: $debugging,
    sessionId: $debugSessionId,
    selected: $selectedNodes,
    asked: debugAsked,
    reset: debugResetClicked,
  });
  const step = m.selected.length === 1 ? m.trace.find((entry) => entry.nodeId === m.selected[0]) : undefined;
  const ask = () => {
    if (question.trim() === '') return;
    m.asked(question);
    setQuestion('');
  };
  return (
    <section aria-label={t('robots.flowEditor.debug')}>
      <Typography.Title heading={6} style={{ marginBottom: 8 }}>
        {t('robots.flowEditor.debug')}
      </Typography.Title>
      <label htmlFor={questionId} style={{ display: 'block', fontWeight: 600, fontSize: 13, marginBottom: 4 }}>
        {t('robots.flowEditor.debug.question')}
      </label>
      <TextArea
        id={questionId}
        maxLength={4000}
        autosize={{ minRows: 2, maxRows: 6 }}
        value={question}
        onChange={setQuestion}
        onEnterPress={(event) => {
          if (!event.shiftKey) {
            event.preventDefault();
            ask();
          }
        }}
      />
      <div style={{ display: 'flex', gap: 8, margin: '8px 0 12px' }}>
        <Button theme="solid" type="primary" loading={m.busy} disabled={question.trim() === ''} onClick={ask}>
          {t('robots.flowEditor.debug.ask')}
        </Button>
        <Button disabled={m.sessionId === null && m.answer === null} onClick={() => m.reset()}>
          {t('robots.flowEditor.debug.newConversation')}
        </Button>
      </div>
      {m.failure && <Banner type="danger" closeIcon={null} description={failureText(m.failure, t)} />}
      {m.answer !== null && (
        <div style={{ marginBottom: 12 }}>
          <Typography.Text strong>{t('robots.flowEditor.debug.answer')}</Typography.Text>
          <div
            data-testid="flow-debug-answer"
            style={{ whiteSpace: 'pre-wrap', padding: 8, borderRadius: 6, background: 'var(--semi-color-fill-0)' }}
          >
            {m.answer}
          </div>
        </div>
      )}
      {m.trace.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          <Typography.Text strong>{t('robots.flowEditor.debug.trace')}</Typography.Text>
          <ol style={{ paddingLeft: 20, margin: '4px 0' }}>
            {m.trace.map((entry, index) => (
              <li key={`${entry.nodeId}-${index}`}>
                {entry.nodeId}{' '}
                <Tag size="small" color={STATUS_COLORS[entry.status]}>
                  {t(STATUS_LABELS[entry.status])}
                </Tag>{' '}
                <Typography.Text type="tertiary" size="small">
                  {t('robots.flowEditor.debug.ms', { ms: Math.round(entry.ms) })}
                </Typography.Text>
              </li>
            ))}
          </ol>
          <Typography.Text type="tertiary" size="small">
            {t('robots.flowEditor.debug.pickNode')}
          </Typography.Text>
        </div>
      )}
      {step && (
        <div data-testid="flow-debug-step">
          <Typography.Text strong>
            {step.nodeId} · {t(STATUS_LABELS[step.status])} ·{' '}
            {t('robots.flowEditor.debug.ms', { ms: Math.round(step.ms) })}
          </Typography.Text>
          {step.error && (
            <Banner type="danger" closeIcon={null} description={`${step.error.code}: ${step.error.message}`} />
          )}
          <Typography.Text type="secondary" size="small" style={{ display: 'block', marginTop: 8 }}>
            {t('robots.flowEditor.debug.input')}
          </Typography.Text>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>{json(step.input)}</pre>
          <Typography.Text type="secondary" size="small" style={{ display: 'block', marginTop: 8 }}>
            {t('robots.flowEditor.debug.output')}
          </Typography.Text>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>{json(step.output)}</pre>
        </div>
      )}
    </section>
  );
}
