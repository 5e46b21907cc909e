import type { CSSProperties, ReactNode } from 'react';

// No outer padding: the shell's content area already pads every page (16px 20px); a page that
// added its own would sit twice as far from the edges as the shell's own pages.
const pageStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 };

/** The frame of a remote's page inside the shell's content area: header on top, content below, one spacing. */
export function Page({ children }: { children: ReactNode }) {
  return <div style={pageStyle}>{children}</div>;
}
