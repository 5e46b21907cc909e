import { Typography } from '@douyinfe/semi-ui';
import type { CSSProperties, ReactNode } from 'react';

const pageStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 16, padding: 24, minWidth: 0 };
const headerStyle: CSSProperties = { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' };
const surfaceStyle: CSSProperties = {
  background: 'var(--semi-color-bg-1)',
  border: '1px solid var(--semi-color-border)',
  borderRadius: 'var(--semi-border-radius-large)',
  padding: '8px 16px 16px',
  minWidth: 0,
};

/** The frame of every page of this remote: header on top, content below, one spacing. */
export function Page({ children }: { children: ReactNode }) {
  return <div style={pageStyle}>{children}</div>;
}

/** Page title with an optional back action, a line of description and the page's primary actions. */
export function PageHeader({ title, description, extra, back }: { title: ReactNode; description?: ReactNode; extra?: ReactNode; back?: ReactNode }) {
  return (
    <header style={headerStyle}>
      <div style={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
        {back}
        <Typography.Title heading={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {description && <Typography.Text type="tertiary">{description}</Typography.Text>}
      </div>
      {extra && <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>{extra}</div>}
    </header>
  );
}

/** A panel on the page background (tables, detail fields); follows light and dark themes. */
export function Surface({ children }: { children: ReactNode }) {
  return <section style={surfaceStyle}>{children}</section>;
}
