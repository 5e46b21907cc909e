import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  $token,
  DEFAULT_SETTINGS,
  GetCurrentUser,
  GetMenu,
  i18n,
  loadCatalogs,
  localeChanged,
  loggedIn,
  loggedOut,
  settingsChanged,
  tokenChanged,
  type MenuItem,
  type User,
} from '@flotilla/shared';
import { fakeApi, on, refuse, sessionUser } from '@flotilla/shared/test';
import { shellCatalogs } from '../../locales';
import { createRoutes } from '../routes';
import type { ConsolePage } from '../../layout/console';

// The console chunk (Semi layout, remotes) is replaced by a probe that shows what the guards decided.
vi.mock('../../layout/console', () => ({
  default: ({ page }: { page: ConsolePage }) => (
    <p data-testid="page">{page.type === 'remote' ? `remote:${page.owner}` : page.type}</p>
  ),
}));
// nprogress removes its bar on a timer that can outlive this file's DOM (route-progress has its own tests).
vi.mock('nprogress', () => ({ default: { configure: vi.fn(), start: vi.fn(), inc: vi.fn(), done: vi.fn() } }));
vi.mock('../../notices/semi-notices', () => ({
  showNotice: vi.fn(),
  forcedLogoutModal: vi.fn(),
  newVersionNotice: vi.fn(),
}));
// Which remote the console asked to load ahead of its layout (the federation runtime has its own tests).
const { preloadApp } = vi.hoisted(() => ({ preloadApp: vi.fn() }));
vi.mock('../../federation/runtime', () => ({ remoteRegistry: { preloadApp } }));

const admin: User = { ...sessionUser('admin'), nickname: 'Admin' };
const operator: User = { ...admin, id: 'u2', role: 'operator' };

const menuItem = (key: string, path: string): MenuItem => ({
  key,
  path,
  title: { 'zh-CN': key, 'en-US': key },
  icon: 'IconApps',
  order: 0,
  hidden: false,
  children: [],
});

function visit(url: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}
// Where the guards sent the visitor (the login page is its own page, loaded in full from there).
const where = (router: ReturnType<typeof visit>) => router.state.location.pathname + router.state.location.search;

beforeAll(() => loadCatalogs(shellCatalogs));
beforeEach(() => {
  act(() => {
    loggedOut('user');
    localeChanged('en-US');
    settingsChanged({ ...DEFAULT_SETTINGS });
  });
  fakeApi([on(GetMenu, () => [menuItem('robot', '/robot'), menuItem('dataset', '/dataset')])]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login guard', () => {
  it('sends a logged-out visitor to login, keeping the redirect name and query', async () => {
    const router = visit('/dataset?keyword=faq');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=dataset&keyword=faq'));
  });

  it('redirects / to /robot, which needs login', async () => {
    const router = visit('/');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=robot'));
  });

  it('loads the user when the token is there but the user id is not', async () => {
    const requests = fakeApi([on(GetCurrentUser, () => admin), on(GetMenu, () => [])]);
    act(() => tokenChanged('tok'));
    visit('/dataset');
    expect((await screen.findByTestId('page')).textContent).toBe('remote:datasets');
    expect(requests.some((request) => request.method === 'GET' && request.path === '/v1/users/me')).toBe(true);
    expect(localStorage.getItem('userId')).toBe('u1');
  });

  it('logs out and goes to login with the redirect when loading the user fails', async () => {
    fakeApi([on(GetCurrentUser, () => refuse(401, 'UNAUTHENTICATED', 'Token revoked'))]);
    act(() => tokenChanged('stale'));
    const router = visit('/dataset?keyword=faq');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=dataset&keyword=faq'));
    expect($token.getState()).toBeNull();
  });
});

describe('the remote of the page loads beside the layout', () => {
  beforeEach(() => preloadApp.mockClear());

  it('starts loading the remote that owns the page as soon as a logged-in visitor arrives', async () => {
    act(() => loggedIn({ user: admin, token: 'tok' }));
    visit('/robot');
    expect(preloadApp).toHaveBeenCalledWith('robots');
    expect((await screen.findByTestId('page')).textContent).toBe('remote:robots');
  });

  it('loads nothing for a logged-out visitor', async () => {
    const router = visit('/dataset');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=dataset'));
    expect(preloadApp).not.toHaveBeenCalled();
  });
});

describe('role guard', () => {
  it('shows the remote area of an allowed route, with its title', async () => {
    act(() => loggedIn({ user: admin, token: 'tok' }));
    visit('/ai/42/detail');
    expect((await screen.findByTestId('page')).textContent).toBe('remote:robots');
    await waitFor(() => expect(document.title).toBe('Robot detail'));
  });

  it('menuFromServer off: a role failing the check goes to the first route allowing it', async () => {
    act(() => loggedIn({ user: operator, token: 'tok' }));
    const router = visit('/employee-list');
    expect((await screen.findByTestId('page')).textContent).toBe('remote:robots');
    expect(where(router)).toBe('/robot');
  });

  it('menuFromServer on: a route missing from the server menu is not found', async () => {
    act(() => {
      settingsChanged({ menuFromServer: true });
      loggedIn({ user: admin, token: 'tok' });
    });
    visit('/case');
    expect((await screen.findByTestId('page')).textContent).toBe('notFound');
  });

  it('menuFromServer on: a route in the server menu opens', async () => {
    act(() => {
      settingsChanged({ menuFromServer: true });
      loggedIn({ user: admin, token: 'tok' });
    });
    visit('/dataset/3/detail');
    expect((await screen.findByTestId('page')).textContent).toBe('remote:datasets');
  });

  it('shows not-found for any other path, with the product title', async () => {
    act(() => loggedIn({ user: admin, token: 'tok' }));
    visit('/no/such/page');
    expect((await screen.findByTestId('page')).textContent).toBe('notFound');
    await waitFor(() => expect(document.title).toBe('Flotilla'));
  });

  it('/redirect/<path> navigates to the path', async () => {
    act(() => loggedIn({ user: admin, token: 'tok' }));
    const router = visit('/redirect/dataset?keyword=faq');
    expect((await screen.findByTestId('page')).textContent).toBe('remote:datasets');
    expect(where(router)).toBe('/dataset?keyword=faq');
  });

  it('goes to login when the session ends (logout here or in another tab)', async () => {
    act(() => loggedIn({ user: admin, token: 'tok' }));
    const router = visit('/dataset');
    await screen.findByTestId('page');
    act(() => loggedOut('other-tab'));
    await waitFor(() => expect(where(router)).toBe('/login?redirect=dataset'));
  });
});
