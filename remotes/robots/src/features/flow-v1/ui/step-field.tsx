import { Typography } from '@flotilla/shared/ui/semi';
import type { FlowIssue } from '@flotilla/shared/flows';
import type { ReactNode } from 'react';
import { FieldIssues } from './field-issues';

/** The id of a field's label, for controls labelled by `aria-labelledby` (Semi's Select). */
export function labelId(controlId: string): string {
  return `${controlId}-label`;
}

/** One field of a step's form: its label (of the control `htmlFor`), the control, a hint, and what is wrong with it. */
export function StepField({
  label,
  htmlFor,
  hint,
  issues = [],
  extra,
  children,
}: {
  label: string;
  htmlFor?: string;
  hint?: string;
  issues?: readonly FlowIssue[];
  /** Beside the label, on the right (the variable picker). */
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <label htmlFor={htmlFor} id={htmlFor ? labelId(htmlFor) : undefined}>
          <Typography.Text strong>{label}</Typography.Text>
        </label>
        {extra}
      </div>
      {children}
      {hint && (
        <Typography.Text type="tertiary" size="small">
          {hint}
        </Typography.Text>
      )}
      <FieldIssues issues={issues} />
    </div>
  );
}
