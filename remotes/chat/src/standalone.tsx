import { $locale, loadCatalogs } from '@flotilla/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chatCatalogs } from './app/catalogs';
import { StandaloneApp } from './app/standalone-app';
import { inlinedShareInfo } from './features/share/lib/inlined-share-info';
import { shareInfoInlined } from './features/share/share.model';
import './standalone.css';

// The public chat page without the shell: i18n (zh-CN unless the visitor chose English) and the chat,
// drawn at once with the share's info when the server inlined it.
loadCatalogs(chatCatalogs);
document.documentElement.lang = $locale.getState();
const inlined = inlinedShareInfo();
if (inlined) shareInfoInlined(inlined);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp />
    </StrictMode>,
  );
}
