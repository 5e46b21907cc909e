import { InputNumber } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useId } from 'react';
import { FieldRow } from '../field-row';
import { TemplateField } from '../template-field';
import { ModelSelect } from './model-select';
import type { PanelProps } from './panel-props';

/** An aiChat node: its instructions, model and temperature. */
export function AiChatPanel({ node, change, variables }: PanelProps<'aiChat'>) {
  const t = useT();
  const temperatureId = useId();
  return (
    <>
      <TemplateField
        label={t('robots.flowEditor.field.prompt')}
        value={node.data.prompt ?? ''}
        onChange={(prompt) => change({ prompt: prompt || undefined }, 'prompt')}
        variables={variables}
        placeholder={t('robots.flowEditor.field.promptPlaceholder')}
      />
      <ModelSelect value={node.data.model} onChange={(model) => change({ model }, 'model')} />
      <FieldRow label={t('robots.flowEditor.field.temperature')} htmlFor={temperatureId}>
        <InputNumber
          id={temperatureId}
          min={0}
          max={2}
          step={0.1}
          precision={1}
          value={node.data.temperature}
          onNumberChange={(value: number) =>
            change({ temperature: Number.isFinite(value) ? value : undefined }, 'temperature')
          }
          style={{ width: '100%' }}
        />
      </FieldRow>
    </>
  );
}
