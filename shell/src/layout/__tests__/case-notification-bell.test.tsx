import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  ListCaseNotifications,
  ReadCaseNotifications,
  i18n,
  loadCatalogs,
  localeChanged,
  loggedOut,
  type CaseNotification,
} from '@flotilla/shared';
import { fakeApi, on, type FakeRequest } from '@flotilla/shared/test';
import { shellCatalogs } from '../../locales';
import { Navbar } from '../navbar';

vi.mock('../../notices/semi-notices', () => ({
  showNotice: vi.fn(),
  forcedLogoutModal: vi.fn(),
  newVersionNotice: vi.fn(),
}));

beforeAll(() => {
  loadCatalogs(shellCatalogs);
  localeChanged('en-US');
});
afterEach(() => {
  cleanup();
  loggedOut('user');
});

const note = (id: string, title: string, read = false): CaseNotification => ({
  id,
  caseId: `case-${id}`,
  title,
  read,
  createdAt: '2024-05-01T08:00:00.000Z',
});

/** A fake server of the caller's notifications, newest first, that marks them read as the real one does. */
function serve(notifications: CaseNotification[]): FakeRequest[] {
  const unread = () => notifications.filter((n) => !n.read).length;
  return fakeApi([
    on(ListCaseNotifications, ({ query }) => ({
      list: notifications.slice(query.offset, query.offset + query.limit),
      total: notifications.length,
      unread: unread(),
    })),
    on(ReadCaseNotifications, ({ body }) => {
      for (const n of notifications) if (!body.ids || body.ids.includes(n.id)) n.read = true;
      return { unread: unread() };
    }),
  ]);
}

function renderNavbar() {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/robot']}>
        <Routes>
          <Route path="/robot" element={<Navbar topMenu={false} />} />
          <Route path="/case/:id" element={<p>case page</p>} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

const listCalls = (calls: FakeRequest[]) => calls.filter((c) => c.path === '/v1/case/notifications').length;

describe('the case notification bell in the navbar', () => {
  it('shows the unread count; its list leads to the case and marks that notification read', async () => {
    const notifications = [note('n2', 'Refund request'), note('n1', 'New lead', true)];
    const calls = serve(notifications);
    renderNavbar();
    const bell = await screen.findByRole('button', { name: 'Case notifications, 1 unread' });
    expect(bell.textContent).toBe('1');

    fireEvent.click(bell);
    fireEvent.click(await screen.findByText('New case for you: Refund request'));
    expect(await screen.findByText('case page')).toBeTruthy();
    await waitFor(() => expect(notifications[0]!.read).toBe(true));
    expect(calls.find((c) => c.path === '/v1/case/notifications/read')!.body).toEqual({ ids: ['n2'] });
  });

  it('marks all read from the list, and asks again when the page gets the focus back (no timer)', async () => {
    const notifications = [note('n2', 'Refund request'), note('n1', 'New lead')];
    const calls = serve(notifications);
    renderNavbar();
    fireEvent.click(await screen.findByRole('button', { name: 'Case notifications, 2 unread' }));
    fireEvent.click(await screen.findByText('Mark all as read'));
    expect(await screen.findByRole('button', { name: 'Case notifications' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/case/notifications/read')!.body).toEqual({});

    const before = listCalls(calls);
    notifications.unshift(note('n3', 'Complaint'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: 'Case notifications, 1 unread' })).toBeTruthy();
    expect(listCalls(calls)).toBe(before + 1);
  });

  it('says so when nothing was given to the caller', async () => {
    serve([]);
    renderNavbar();
    fireEvent.click(await screen.findByRole('button', { name: 'Case notifications' }));
    expect(await screen.findByText('No case was given to you yet')).toBeTruthy();
  });
});
