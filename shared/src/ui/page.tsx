import { Typography } from './semi';
import type { CSSProperties, ReactNode } from 'react';

// No outer padding: the shell's content area already pads every page (16px 20px); a page that
// added its own would sit twice as far from the edges as the shell's own pages.
const pageStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 };
const headerStyle: CSSProperties = { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' };
const headingStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 };
const extraStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8 };
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

/** The frame of a remote's page inside the shell's content area: header on top, content below, one spacing. */
export function Page({ children }: { children: ReactNode }) {
  return <div style={pageStyle}>{children}</div>;
}

/** Props of {@link PageHeader}. */
export type PageHeaderProps = {
  /** The page title (a level-4 heading). */
  title: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** The page's primary actions, on the right. */
  extra?: ReactNode;
  /** A back action above the title. */
  back?: ReactNode;
};

/** Page title with an optional back action, a line of description and the page's primary actions. */
export function PageHeader({ title, description, extra, back }: PageHeaderProps) {
  return (
    <header style={headerStyle}>
      <div style={headingStyle}>
        {back}
        <Typography.Title heading={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {description && <Typography.Text type="tertiary">{description}</Typography.Text>}
      </div>
      {extra && <div style={extraStyle}>{extra}</div>}
    </header>
  );
}

/**
 * A panel on the page background (toolbar + table, detail fields), its children stacked 12px apart;
 * Semi's variables make it follow the light and dark themes.
 */
export function Surface({ children }: { children: ReactNode }) {
  return <section style={surfaceStyle}>{children}</section>;
}
