import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { $locale, i18n, loadCatalogs, type Locale } from '@flotilla/shared';
import { chatCatalogs } from '../app/catalogs';
import { StandaloneApp } from '../app/standalone-app';

loadCatalogs(chatCatalogs);

/** Renders the standalone chat page (its own I18nProvider) at `path`, in a fresh effector scope. */
export function renderStandalone(path: string, { locale = 'en-US' }: { locale?: Locale } = {}) {
  const scope = fork({ values: [[$locale, locale]] });
  i18n.activate(locale);
  const result = render(
    <Provider value={scope}>
      <MemoryRouter initialEntries={[path]}>
        <StandaloneApp />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, scope };
}

/** Renders console-side content (the shell provides router and i18n). */
export function renderInConsole(ui: ReactNode, path = '/', scope: Scope = fork()) {
  i18n.activate('en-US');
  return render(
    <Provider value={scope}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}
