import { Select } from '@flotilla/shared/ui/semi';
import type { SelectProps } from '@flotilla/shared/ui/semi';
import { VISUALLY_HIDDEN } from '@flotilla/shared/ui';
import { useId } from 'react';

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
