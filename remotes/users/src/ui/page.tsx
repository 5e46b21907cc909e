import { Typography } from '@douyinfe/semi-ui';
import type { ReactNode } from 'react';
import './page.css';

/** A page of this remote: header on top, content below, one spacing. */
export function Page({ title, description, extra, children }: { title: ReactNode; description?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="flu-page">
      <header className="flu-page__header">
        <div className="flu-page__heading">
          <Typography.Title heading={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {description && <Typography.Text type="tertiary">{description}</Typography.Text>}
        </div>
        {extra && <div className="flu-page__extra">{extra}</div>}
      </header>
      {children}
    </div>
  );
}

/** A panel on the page background (toolbar + table). */
export function Surface({ children }: { children: ReactNode }) {
  return <section className="flu-surface">{children}</section>;
}
