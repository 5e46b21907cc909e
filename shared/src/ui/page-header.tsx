import { Typography } from './semi';
import type { CSSProperties, ReactNode } from 'react';

const headerStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
};
const headingStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 };
const extraStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8 };

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
