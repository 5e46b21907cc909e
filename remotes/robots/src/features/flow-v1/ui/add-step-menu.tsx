import { Button, Dropdown, Typography, IconPlus } from '@flotilla/shared/ui/semi';
import { useT, V1_STEP_TYPES, type V1StepType } from '@flotilla/shared';
import { STEP_TYPE_WORDS } from '../lib/step-words';

/** "Add step": a menu of the four step types, each with what it does; the step goes at the end. */
export function AddStepMenu({ onAdd, disabled }: { onAdd: (type: V1StepType) => void; disabled?: boolean }) {
  const t = useT();
  return (
    <Dropdown
      trigger="click"
      position="bottomLeft"
      render={
        <Dropdown.Menu>
          {V1_STEP_TYPES.map((type) => (
            <Dropdown.Item key={type} onClick={() => onAdd(type)}>
              <span style={{ display: 'flex', flexDirection: 'column', maxWidth: 320 }}>
                <span>{t(STEP_TYPE_WORDS[type].name)}</span>
                <Typography.Text type="tertiary" size="small">
                  {t(STEP_TYPE_WORDS[type].hint)}
                </Typography.Text>
              </span>
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      <Button icon={<IconPlus />} disabled={disabled}>
        {t('robots.flowV1.addStep')}
      </Button>
    </Dropdown>
  );
}
