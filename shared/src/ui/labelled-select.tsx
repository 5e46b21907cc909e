import { Select } from './semi';
import type { SelectProps } from './semi';
import { useId } from 'react';
import { VISUALLY_HIDDEN } from './visually-hidden';

/**
 * A Semi Select named by `label`: Semi sets its own aria-label ("selected"), so a hidden label element
 * names it instead.
 */
export function LabelledSelect({ label, ...props }: SelectProps & { label: string }) {
  const labelId = useId();
  return (
    <>
      <span id={labelId} style={VISUALLY_HIDDEN}>
        {label}
      </span>
      <Select {...props} aria-labelledby={labelId} />
    </>
  );
}
