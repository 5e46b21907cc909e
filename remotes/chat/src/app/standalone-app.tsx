import { i18n } from '@flotilla/shared';
import { I18nProvider } from '@lingui/react';
import { useCallback, useState } from 'react';
import { chatLinkFrom, withoutPrompt } from '../features/share/lib/chat-link';
import type { Draft } from '../features/ask/ui/composer';
import { ChatPage } from './chat-page';
import { LocaleSwitch } from '../ui/locale-switch';
import { matchChatPath } from './chat-paths';
import { NotFound } from './not-found';

/**
 * The standalone page's tree: its own i18n provider, the chat for the address it was opened at,
 * and the language switch. No router: the page never navigates (react-router would be the largest
 * part of what a phone downloads before it can type). `draft`: what was typed into the page's static box.
 */
export function StandaloneApp({ draft }: { draft?: Draft }) {
  const [link] = useState(() => {
    const params = matchChatPath(window.location.pathname);
    return params ? chatLinkFrom(params, new URLSearchParams(window.location.search)) : null;
  });
  const promptTaken = useCallback(() => {
    const query = withoutPrompt(new URLSearchParams(window.location.search)).toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
    );
  }, []);
  return (
    <I18nProvider i18n={i18n}>
      {link ? (
        <ChatPage link={link} standalone headerExtra={<LocaleSwitch />} onPromptTaken={promptTaken} draft={draft} />
      ) : (
        <NotFound headerExtra={<LocaleSwitch />} />
      )}
    </I18nProvider>
  );
}
