import { Route, Routes } from 'react-router-dom';
import { CHAT_PATHS } from './chat-paths';
import { NotFound } from './not-found';
import { RoutedChatPage } from './routed-chat-page';

/**
 * The chat routes inside the console (`./App`), under the console's router. The standalone page
 * does not use this (it has no router: see standalone-app.tsx).
 */
export function ChatRoutes() {
  return (
    <Routes>
      {CHAT_PATHS.map((path) => (
        <Route key={path} path={path} element={<RoutedChatPage />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
