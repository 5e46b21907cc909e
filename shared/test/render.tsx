// Test-only: reached through `@flotilla/shared/test`, never from application code (a test checks it).
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { $locale, $user, i18n, loadCatalogs, type Catalogs, type Locale, type Role, type User } from '../src';
// The catalog module, not the `ui` entry: rendering must not load Semi for apps that never do (chat).
import { sharedCatalogs } from '../src/ui/catalog';

/** The logged-in user of {@link testScope}: id `u1` of tenant `t1`, named after its role. */
export function sessionUser(role: Role): User {
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
  return fork({
    values: [
      [$user, sessionUser(role)],
      [$locale, 'en-US'],
    ],
  });
}

/** Shows the current path, so tests can see where a page navigated. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Where and how {@link renderInShell} renders. */
export type RenderInShellOptions = {
  /** The URL the router starts at. */
  path: string;
  /** The effector scope the tree reads (see {@link testScope}). */
  scope: Scope;
  /** The active language; default en-US. */
  locale?: Locale;
  /** Catalogs to load first, for a page rendered without its remote's `App` (which loads them). */
  catalogs?: Catalogs;
};

/**
 * Renders `ui` as the shell would: inside a router at `path`, with i18n and the scope, and a
 * `location` test id that shows the current path.
 */
export function renderInShell(ui: ReactElement, { path, scope, locale = 'en-US', catalogs }: RenderInShellOptions) {
  loadCatalogs(sharedCatalogs);
  if (catalogs) loadCatalogs(catalogs);
  i18n.activate(locale);
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
