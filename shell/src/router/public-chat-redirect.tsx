import { OwnPageRedirect } from './own-page-redirect';

/** The public chat paths belong to the chat remote's own page. */
export function PublicChatRedirect() {
  return <OwnPageRedirect linkId="shell.chat.open" />;
}
