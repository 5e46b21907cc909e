import { Input, Select, TextArea } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, useT } from '@flotilla/shared';
import { useId, useRef, type SyntheticEvent } from 'react';
import type { VariableOption } from '../lib/variables';
import { FieldRow } from './field-row';

/**
 * A templated text field (`{{…}}` variables) with a picker that inserts a variable where the cursor is:
 * the question, the session's variables, or an output of a node before this one.
 */
export function TemplateField({
  label,
  value,
  onChange,
  variables,
  multiline = true,
  maxLength = FLOW_LIMITS.text,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  variables: readonly VariableOption[];
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
}) {
  const t = useT();
  const id = useId();
  const caret = useRef<number | null>(null);
  const track = (event: SyntheticEvent) => {
    const target = event.target as HTMLInputElement | HTMLTextAreaElement;
    if (typeof target.selectionStart === 'number') caret.current = target.selectionStart;
  };
  const insert = (variable: string) => {
    const at = Math.min(caret.current ?? value.length, value.length);
    const next = `${value.slice(0, at)}${variable}${value.slice(at)}`;
    caret.current = at + variable.length;
    if (next.length <= maxLength) onChange(next);
  };
  const common = { id, value, maxLength, placeholder, onChange: (next: string) => onChange(next) };
  return (
    <FieldRow label={label} htmlFor={id}>
      <div onSelect={track} onKeyUp={track} onClick={track}>
        {multiline ? <TextArea {...common} autosize={{ minRows: 2, maxRows: 8 }} /> : <Input {...common} />}
      </div>
      <Select
        size="small"
        style={{ marginTop: 4, width: '100%' }}
        aria-label={t('robots.flowEditor.variable.insertInto', { field: label })}
        placeholder={t('robots.flowEditor.variable.insert')}
        value={undefined}
        filter
        optionList={variables.map((option) => ({ value: option.value, label: option.value }))}
        onChange={(picked) => {
          if (typeof picked === 'string') insert(picked);
        }}
      />
    </FieldRow>
  );
}
