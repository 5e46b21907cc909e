import { ROUTES, useT } from '@flotilla/shared';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ChatPage } from '../features/share/ui/chat-page';

/** The absolute paths of the public chat: every ROUTES entry owned by the chat remote. */
export const CHAT_PATHS: readonly string[] = ROUTES.filter((route) => route.owner === 'chat').map((route) => route.path);

function NotFound({ headerExtra }: { headerExtra?: ReactNode }) {
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

/**
 * The chat routes, used by the console (`./App`) and by the standalone page. `standalone` also
 * lets the page set the tab title; `headerExtra` is the standalone page's language switch.
 */
export function ChatRoutes({ standalone = false, headerExtra }: { standalone?: boolean; headerExtra?: ReactNode }) {
  return (
    <Routes>
      {CHAT_PATHS.map((path) => (
        <Route key={path} path={path} element={<ChatPage standalone={standalone} headerExtra={headerExtra} />} />
      ))}
      <Route path="*" element={<NotFound headerExtra={headerExtra} />} />
    </Routes>
  );
}
