import { Typography } from '@flotilla/shared/ui/semi';
import { useId, type ReactNode } from 'react';

/**
 * A labelled field that stacks on a phone: the label above its control, which gets the label's id
 * (`children(id)`), and an optional hint below.
 */
export function FormField({
  label,
  hint,
  grow,
  children,
}: {
  label: string;
  hint?: ReactNode;
  /** Its share of a `FieldRow` (fields in a row only). */
  grow?: number;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        minWidth: 0,
        ...(grow === undefined ? {} : { flex: `${grow} 1 200px` }),
      }}
    >
      <label htmlFor={id}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      {children(id)}
      {hint && (
        <Typography.Text type="tertiary" size="small">
          {hint}
        </Typography.Text>
      )}
    </div>
  );
}
