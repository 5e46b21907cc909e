import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  GetMenu,
  GetMyCredits,
  i18n,
  loadCatalogs,
  localeChanged,
  loggedOut,
  type MenuItem,
  type MyCreditsResponse,
} from '@flotilla/shared';
import { fakeApi, on, type FakeRequest } from '@flotilla/shared/test';
import { shellCatalogs } from '../../locales';
import { fetchMenuFx } from '../../menu/menu.model';
import { Navbar } from '../navbar';

vi.mock('../../notices/semi-notices', () => ({
  showNotice: vi.fn(),
  forcedLogoutModal: vi.fn(),
  newVersionNotice: vi.fn(),
}));

const rechargeEntry: MenuItem = {
  key: 'recharge',
  path: '/dashboard/recharge-center',
  title: { 'zh-CN': '充值中心', 'en-US': 'Recharge' },
  icon: 'IconCreditCard',
  order: 6,
  hidden: false,
  children: [],
};

beforeAll(() => {
  loadCatalogs(shellCatalogs);
  localeChanged('en-US');
});
afterEach(() => {
  cleanup();
  // Each test starts logged out: no balance, no menu.
  loggedOut('user');
});

/** The fake server: the caller's credits as `credits()` says at the time of each call, and a menu. */
function serve(credits: () => MyCreditsResponse, menu: MenuItem[] = [rechargeEntry]): FakeRequest[] {
  return fakeApi([on(GetMyCredits, () => credits()), on(GetMenu, () => menu)]);
}

function renderNavbar() {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/robot']}>
        <Routes>
          <Route path="/robot" element={<Navbar topMenu={false} />} />
          <Route path="/dashboard/recharge-center" element={<p>recharge centre page</p>} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

const creditCalls = (calls: FakeRequest[]) => calls.filter((call) => call.path === '/v1/credits/me').length;

describe('the low-balance warning in the navbar', () => {
  it('shows below the threshold and leads to the recharge centre', async () => {
    serve(() => ({ balance: 40, lowBalanceThreshold: 100, low: true }));
    await act(() => fetchMenuFx());
    renderNavbar();

    const warning = await screen.findByTestId('low-balance');
    expect(warning.getAttribute('aria-label')).toBe(
      'Your balance of 40 credits is below 100. Recharge to keep your robots answering.',
    );
    expect(warning.textContent).toBe('Low balance');
    fireEvent.click(warning);
    expect(await screen.findByText('recharge centre page')).toBeTruthy();
  });

  it('stays hidden at or above the threshold, and is checked again when the page gets the focus back', async () => {
    let balance = 100;
    const calls = serve(() => ({ balance, lowBalanceThreshold: 100, low: balance < 100 }));
    renderNavbar();
    await waitFor(() => expect(creditCalls(calls)).toBe(1));
    expect(screen.queryByTestId('low-balance')).toBeNull();

    balance = 99;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByTestId('low-balance')).toBeTruthy();
    expect(creditCalls(calls)).toBe(2);

    balance = 500;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.queryByTestId('low-balance')).toBeNull());
  });

  it('does not lead to a page the caller has no menu entry for', async () => {
    serve(() => ({ balance: 0, lowBalanceThreshold: 10, low: true }), []);
    await act(() => fetchMenuFx());
    renderNavbar();
    fireEvent.click(await screen.findByTestId('low-balance'));
    expect(screen.queryByText('recharge centre page')).toBeNull();
    expect(screen.getByTestId('low-balance')).toBeTruthy();
  });
});
