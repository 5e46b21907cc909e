import { Input } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useId } from 'react';
import { FieldRow } from '../field-row';
import { TemplateField } from '../template-field';
import type { PanelProps } from './panel-props';

/** A setVariable node: the session variable's name and the value it takes. */
export function SetVariablePanel({ node, change, variables }: PanelProps<'setVariable'>) {
  const t = useT();
  const nameId = useId();
  return (
    <>
      <FieldRow
        label={t('robots.flowEditor.field.variableName')}
        htmlFor={nameId}
        hint={t('robots.flowEditor.field.nameHint')}
      >
        <Input id={nameId} maxLength={50} value={node.data.name} onChange={(name) => change({ name }, 'name')} />
      </FieldRow>
      <TemplateField
        label={t('robots.flowEditor.field.value')}
        value={node.data.value}
        onChange={(value) => change({ value }, 'value')}
        variables={variables}
      />
    </>
  );
}
