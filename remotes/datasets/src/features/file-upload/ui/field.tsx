import { Typography } from '@flotilla/shared/ui/semi';
import type { ReactNode } from 'react';

export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Typography.Text strong>{label}</Typography.Text>
      {children}
      {hint && (
        <Typography.Text type="tertiary" size="small">
          {hint}
        </Typography.Text>
      )}
    </div>
  );
}
