import { Select } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { $models } from '../../flow-editor.model';
import { FieldRow } from '../field-row';

/** The model a node uses (the robot's own when none is picked). */
export function ModelSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (model: string | undefined) => void;
}) {
  const t = useT();
  const id = useId();
  const models = useUnit($models);
  return (
    <FieldRow label={t('robots.flowEditor.field.model')} htmlFor={id} hint={t('robots.flowEditor.field.modelHint')}>
      <Select
        id={id}
        aria-label={t('robots.flowEditor.field.model')}
        style={{ width: '100%' }}
        showClear
        value={value}
        placeholder={t('robots.flowEditor.field.modelDefault')}
        optionList={models.map((model) => ({ value: model.id, label: model.name }))}
        onChange={(picked) => onChange(typeof picked === 'string' ? picked : undefined)}
      />
    </FieldRow>
  );
}
