import { Typography } from '@flotilla/shared/ui/semi';
import type { ReactNode } from 'react';

/**
 * A labelled field of a node panel: the label names the control (`htmlFor`) for people and screen readers.
 * A control that is no form element (Semi's Select) names itself with `aria-labelledby` the label's `labelId`.
 */
export function FieldRow({
  label,
  htmlFor,
  labelId,
  hint,
  children,
}: {
  label: string;
  htmlFor?: string;
  labelId?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div style={{ marginBottom: 12 }}>
      <label
        id={labelId}
        htmlFor={htmlFor}
        style={{ display: 'block', marginBottom: 4, fontWeight: 600, fontSize: 13 }}
      >
        {label}
      </label>
      {children}
      {hint && (
        <Typography.Text type="tertiary" size="small" style={{ display: 'block', marginTop: 2 }}>
          {hint}
        </Typography.Text>
      )}
    </div>
  );
}
