import { $locale, loadCatalogs } from '@flotilla/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chatCatalogs } from './app/catalogs';
import { StandaloneApp } from './app/standalone-app';
import './standalone.css';

// The public chat page without the shell: i18n (zh-CN unless the visitor chose English) and the chat.
loadCatalogs(chatCatalogs);
document.documentElement.lang = $locale.getState();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp />
    </StrictMode>,
  );
}
