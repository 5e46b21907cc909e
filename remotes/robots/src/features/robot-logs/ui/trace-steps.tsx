import { Typography } from '@flotilla/shared/ui/semi';
import { useT, type TraceStep } from '@flotilla/shared';
import { TraceStepItem } from './trace-step-item';

/** What each node of the flow did for an answer, in order; nothing for an answer without a trace. */
export function TraceSteps({ trace }: { trace: readonly TraceStep[] }) {
  const t = useT();
  if (trace.length === 0) return null;
  return (
    <section aria-label={t('robots.trace.title')}>
      <Typography.Text strong>{t('robots.trace.title')}</Typography.Text>
      <Typography.Text type="tertiary" size="small" style={{ marginLeft: 8 }}>
        {t('robots.trace.count', { count: trace.length })}
      </Typography.Text>
      <ol
        style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}
      >
        {trace.map((step, index) => (
          <TraceStepItem key={`${index}-${step.nodeId}`} step={step} index={index} />
        ))}
      </ol>
    </section>
  );
}
