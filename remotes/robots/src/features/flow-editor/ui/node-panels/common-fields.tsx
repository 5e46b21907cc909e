import { Input, InputNumber } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, useT, type FlowNode } from '@flotilla/shared';
import { useId } from 'react';
import { FieldRow } from '../field-row';

type Common = Pick<FlowNode['data'], 'label' | 'timeoutMs' | 'retries'>;

/** What every node has: a label, and (for nodes that run something) its timeout and retries. */
export function CommonFields({
  node,
  change,
}: {
  node: FlowNode;
  change: (patch: Partial<Common>, field: string) => void;
}) {
  const t = useT();
  const labelId = useId();
  const timeoutId = useId();
  const retriesId = useId();
  const runs = node.type !== 'start' && node.type !== 'end';
  const finite = (value: number) => (Number.isFinite(value) ? value : undefined);
  return (
    <>
      <FieldRow label={t('robots.flowEditor.field.label')} htmlFor={labelId}>
        <Input
          id={labelId}
          maxLength={100}
          value={node.data.label ?? ''}
          onChange={(label) => change({ label: label || undefined }, 'label')}
        />
      </FieldRow>
      {runs && (
        <div style={{ display: 'flex', gap: 8 }}>
          <FieldRow label={t('robots.flowEditor.field.timeoutMs')} htmlFor={timeoutId}>
            <InputNumber
              id={timeoutId}
              min={FLOW_LIMITS.timeoutMs.min}
              max={FLOW_LIMITS.timeoutMs.max}
              step={1000}
              precision={0}
              value={node.data.timeoutMs}
              onNumberChange={(value: number) => change({ timeoutMs: finite(value) }, 'timeoutMs')}
            />
          </FieldRow>
          <FieldRow label={t('robots.flowEditor.field.retries')} htmlFor={retriesId}>
            <InputNumber
              id={retriesId}
              min={0}
              max={FLOW_LIMITS.retries}
              precision={0}
              value={node.data.retries}
              onNumberChange={(value: number) => change({ retries: finite(value) }, 'retries')}
            />
          </FieldRow>
        </div>
      )}
    </>
  );
}
