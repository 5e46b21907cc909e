import { useCallback, useMemo } from 'react';
import { Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { chatLinkFrom, withoutPrompt } from '../features/share/lib/chat-link';
import { ChatPage } from '../features/share/ui/chat-page';
import { CHAT_PATHS } from './chat-paths';
import { NotFound } from './not-found';

/** A chat route inside the console: the link comes from the router, and the asked prompt leaves the address. */
function RoutedChatPage() {
  const params = useParams<{ shareId?: string; id?: string }>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const link = useMemo(() => chatLinkFrom(params, search), [params, search]);
  const promptTaken = useCallback(() => navigate({ search: withoutPrompt(search).toString() }, { replace: true }), [navigate, search]);
  return <ChatPage link={link} standalone={false} onPromptTaken={promptTaken} />;
}

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
