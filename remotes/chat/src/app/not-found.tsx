import { useT } from '@flotilla/shared';
import type { ReactNode } from 'react';

/** Any other path under the chat's pages. */
export function NotFound({ headerExtra }: { headerExtra?: ReactNode }) {
  const t = useT();
  return (
    <div className="flc-chat flc-chat--page">
      <div className="flc-chat__frame">
        <div className="flc-state">
          {headerExtra && <div className="flc-state__bar">{headerExtra}</div>}
          <div className="flc-state__body" role="alert">
            <h1 className="flc-state__title">{t('chat.pageNotFound.title')}</h1>
            <p className="flc-state__text">{t('chat.pageNotFound.description')}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
