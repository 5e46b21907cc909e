import { render } from '@testing-library/react';
import { fork } from 'effector';
import { Provider } from 'effector-react';
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
