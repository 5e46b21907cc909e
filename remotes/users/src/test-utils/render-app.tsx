import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { i18n } from '@flotilla/shared';
import type { Scope } from 'effector';
import { Provider } from 'effector-react';
import { MemoryRouter } from 'react-router-dom';
import App from '../expose/App';

/** Renders the remote's App as the shell would (router + i18n), on `path`, inside an effector scope. */
export function renderApp(path: string, scope: Scope, locale: 'en-US' | 'zh-CN' = 'en-US') {
  i18n.activate(locale);
  return render(
    <Provider value={scope}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}
