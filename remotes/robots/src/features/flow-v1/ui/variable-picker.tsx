import { Button, Dropdown, Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { outputWordsId, STEP_TYPE_WORDS } from '../lib/step-words';
import type { StepVariable } from '../lib/steps';

/**
 * "Insert variable": the visitor's question and what earlier steps found or said, each inserted as its
 * `{{…}}` (filled in when the flow runs).
 */
export function VariablePicker({
  variables,
  onPick,
  label,
}: {
  variables: readonly StepVariable[];
  onPick: (value: string) => void;
  /** What the picker inserts into (read by screen readers). */
  label: string;
}) {
  const t = useT();
  const words = (variable: StepVariable) => {
    const id = outputWordsId(variable);
    const output = id ? t(id) : variable.output;
    if (variable.stepIndex === null || variable.type === 'start') return output;
    return t('robots.flowV1.variable.step', {
      n: variable.stepIndex + 1,
      type: t(STEP_TYPE_WORDS[variable.type].name),
      output,
    });
  };
  return (
    <Dropdown
      trigger="click"
      position="bottomRight"
      render={
        <Dropdown.Menu>
          {variables.map((variable) => (
            <Dropdown.Item key={variable.value} onClick={() => onPick(variable.value)}>
              <span style={{ display: 'flex', flexDirection: 'column' }}>
                <span>{words(variable)}</span>
                <Typography.Text type="tertiary" size="small" style={{ fontFamily: 'monospace' }}>
                  {variable.value}
                </Typography.Text>
              </span>
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      <Button size="small" theme="borderless" aria-label={t('robots.flowV1.insertVariableFor', { field: label })}>
        {t('robots.flowV1.insertVariable')}
      </Button>
    </Dropdown>
  );
}
