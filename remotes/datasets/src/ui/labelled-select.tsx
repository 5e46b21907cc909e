import { Select } from '@flotilla/shared/ui/semi';
import type { SelectProps } from '@flotilla/shared/ui/semi';
import { useId, type CSSProperties } from 'react';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  border: 0,
};

/**
 * A Semi Select named by `label`: Semi sets its own aria-label ("selected"), so a hidden label element
 * names it instead.
 */
export function LabelledSelect({ label, ...props }: SelectProps & { label: string }) {
  const labelId = useId();
  return (
    <>
      <span id={labelId} style={visuallyHidden}>
        {label}
      </span>
      <Select {...props} aria-labelledby={labelId} />
    </>
  );
}
