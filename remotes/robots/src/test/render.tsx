import { I18nProvider } from '@lingui/react';
import { $locale, $user, i18n, loadCatalogs, type Role, type User } from '@flotilla/shared';
import { sharedCatalogs } from '@flotilla/shared/ui';
import { render } from '@testing-library/react';
import { fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { catalogs } from '../locales';

/** A logged-in user of the given role. */
export function makeUser(role: Role): User {
  return {
    id: 'u1',
    username: role,
    nickname: role,
    avatar: '',
    phone: '',
    role,
    tenantId: 't1',
    ban: false,
    isAgent: role === 'agent',
    permissions: [],
    createAt: '2024-01-01T00:00:00.000Z',
  };
}

/** A fresh effector scope in English with a user of `role` logged in. */
export function testScope(role: Role = 'admin'): Scope {
  return fork({ values: [[$user, makeUser(role)], [$locale, 'en-US']] });
}

/** Shows the current path, so tests can see where a page navigated. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `ui` as the shell would: inside a router at `path`, with i18n (English) and the scope. */
export function renderInShell(ui: ReactElement, { path, scope }: { path: string; scope: Scope }) {
  loadCatalogs(sharedCatalogs);
  loadCatalogs(catalogs);
  i18n.activate('en-US');
  return render(
    <Provider value={scope}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}
