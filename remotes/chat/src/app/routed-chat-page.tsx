import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { chatLinkFrom, withoutPrompt } from '../features/share/lib/chat-link';
import { ChatPage } from './chat-page';

/** A chat route inside the console: the link comes from the router, and the asked prompt leaves the address. */
export function RoutedChatPage() {
  const params = useParams<{ shareId?: string; id?: string }>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const link = useMemo(() => chatLinkFrom(params, search), [params, search]);
  const promptTaken = useCallback(
    () => navigate({ search: withoutPrompt(search).toString() }, { replace: true }),
    [navigate, search],
  );
  return <ChatPage link={link} standalone={false} onPromptTaken={promptTaken} />;
}
