import { $locale, loadCatalogs } from '@flotilla/shared';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { chatCatalogs } from './app/catalogs';
import { StandaloneApp } from './app/standalone-app';
import { draftOfStaticPage } from './app/static-page';
import { inlinedShareInfo } from './features/share/lib/inlined-share-info';
import { shareInfoInlined } from './features/share/share.model';
import './standalone.css';

// The public chat page without the shell: i18n (zh-CN unless the visitor chose English) and the chat,
// drawn at once with the share's info when the server inlined it. It replaces the page's static
// markup, of the same layout, in one synchronous render: nothing typed between reading the static
// box and replacing it can be lost.
loadCatalogs(chatCatalogs);
document.documentElement.lang = $locale.getState();
const inlined = inlinedShareInfo();
if (inlined) shareInfoInlined(inlined);

const root = document.getElementById('root');
if (root) {
  const draft = draftOfStaticPage(root) ?? undefined;
  const reactRoot = createRoot(root);
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <StandaloneApp draft={draft} />
      </StrictMode>,
    ),
  );
}
