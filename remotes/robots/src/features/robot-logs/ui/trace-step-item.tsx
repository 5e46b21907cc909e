import { Tag, Typography } from '@flotilla/shared/ui/semi';
import { useT, type TraceStatus, type TraceStep } from '@flotilla/shared';
import type { CSSProperties } from 'react';
import { traceJson } from '../lib/trace-json';
import { NODE_TYPE_WORDS } from './node-type-words';
import { useLatency } from './use-latency';

const STATUS_WORDS = {
  ok: 'robots.trace.status.ok',
  error: 'robots.trace.status.error',
  skipped: 'robots.trace.status.skipped',
} as const satisfies Record<TraceStatus, string>;
const STATUS_COLORS = { ok: 'green', error: 'red', skipped: 'grey' } as const satisfies Record<TraceStatus, string>;

const itemStyle: CSSProperties = {
  border: '1px solid var(--semi-color-border)',
  borderRadius: 'var(--semi-border-radius-medium)',
  background: 'var(--semi-color-bg-1)',
};
const summaryStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 12px',
  cursor: 'pointer',
  flexWrap: 'wrap',
};
const preStyle: CSSProperties = {
  margin: '4px 0 0',
  padding: 8,
  maxHeight: 240,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontSize: 12,
  color: 'var(--semi-color-text-0)',
  background: 'var(--semi-color-fill-0)',
  borderRadius: 'var(--semi-border-radius-small)',
};

/** One node of a trace: its type, id, status and time; opened, its error, input and output. */
export function TraceStepItem({ step, index }: { step: TraceStep; index: number }) {
  const t = useT();
  const latency = useLatency();
  const typeId = (NODE_TYPE_WORDS as Readonly<Record<string, string>>)[step.type];
  return (
    <li style={itemStyle}>
      <details>
        <summary style={summaryStyle}>
          <Typography.Text type="tertiary">{index + 1}.</Typography.Text>
          <Typography.Text strong>{typeId ? t(typeId) : step.type}</Typography.Text>
          <Typography.Text type="tertiary" size="small" style={{ fontFamily: 'monospace' }}>
            {step.nodeId}
          </Typography.Text>
          <Tag color={STATUS_COLORS[step.status]} type="light" size="small">
            {t(STATUS_WORDS[step.status])}
          </Tag>
          <Typography.Text type="tertiary" size="small" style={{ marginLeft: 'auto' }}>
            {latency(step.ms)}
          </Typography.Text>
        </summary>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: '0 12px 12px' }}>
          {step.error && (
            <Typography.Text type="danger" size="small">
              {t('robots.trace.error', { code: step.error.code, message: step.error.message })}
            </Typography.Text>
          )}
          <div>
            <Typography.Text size="small" strong>
              {t('robots.trace.input')}
            </Typography.Text>
            <pre style={preStyle}>{traceJson(step.input)}</pre>
          </div>
          <div>
            <Typography.Text size="small" strong>
              {t('robots.trace.output')}
            </Typography.Text>
            <pre style={preStyle}>{traceJson(step.output)}</pre>
          </div>
        </div>
      </details>
    </li>
  );
}
