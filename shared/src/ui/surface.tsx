import type { CSSProperties, ReactNode } from 'react';

const surfaceStyle: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  padding: 16,
  minWidth: 0,
  background: 'var(--semi-color-bg-1)',
  border: '1px solid var(--semi-color-border)',
  borderRadius: 'var(--semi-border-radius-large)',
};

/**
 * A panel on the page background (toolbar + table, detail fields), its children stacked 12px apart;
 * Semi's variables make it follow the light and dark themes.
 */
export function Surface({ children }: { children: ReactNode }) {
  return <section style={surfaceStyle}>{children}</section>;
}
