import type { ReactNode } from 'react';

/** Fields side by side where there is room, one under the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>{children}</div>;
}
