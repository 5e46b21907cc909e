import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MemoryRouter } from 'react-router-dom';
import { GetMenu, i18n, loadCatalogs, localeChanged, type MenuItem } from '@flotilla/shared';
import { fakeApi, on } from '@flotilla/shared/test';
import { shellCatalogs } from '../../locales';
import { menuRequested } from '../../menu/menu.model';
import { AppLayout } from '../app-layout';

vi.mock('../../notices/semi-notices', () => ({
  showNotice: vi.fn(),
  forcedLogoutModal: vi.fn(),
  newVersionNotice: vi.fn(),
}));

const menu: MenuItem[] = [
  {
    key: 'robot',
    path: '/robot',
    title: { 'zh-CN': '机器人', 'en-US': 'Robots' },
    icon: 'IconApps',
    order: -1,
    hidden: false,
    children: [],
  },
];

beforeAll(() => {
  loadCatalogs(shellCatalogs);
  localeChanged('en-US');
  fakeApi([on(GetMenu, () => menu)]);
  menuRequested();
});
afterEach(cleanup);

/** happy-dom's own window API (not in the DOM's types). */
type HappyDomWindow = { happyDOM: { setViewport: (viewport: { width: number; height: number }) => void } };

function resize(width: number) {
  act(() => {
    (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height: 800 });
    window.dispatchEvent(new Event('resize'));
  });
}

const sideMenu = async () => {
  await screen.findByRole('menuitem', { name: /Robots/ });
  return document.querySelector('.fl-side-nav') as HTMLElement;
};

describe('console layout by screen size', () => {
  it('collapses the side menu under 1024 px and opens it again above, with the screen size for the stylesheets', async () => {
    resize(800);
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/robot']}>
          <AppLayout>
            <p>page</p>
          </AppLayout>
        </MemoryRouter>
      </I18nProvider>,
    );
    await waitFor(async () => expect((await sideMenu()).className).toContain('semi-navigation-collapsed'));
    expect(document.documentElement.dataset.screen).toBe('tablet');

    resize(1280);
    await waitFor(async () => expect((await sideMenu()).className).not.toContain('semi-navigation-collapsed'));
    expect(document.documentElement.dataset.screen).toBe('laptop');

    resize(500);
    await waitFor(async () => expect((await sideMenu()).className).toContain('semi-navigation-collapsed'));
    expect(document.documentElement.dataset.screen).toBe('phone');
  });
});
