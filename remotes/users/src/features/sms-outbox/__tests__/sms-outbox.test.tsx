import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $user, ListSmsOutbox, ListUsers, type Role, type SmsOutboxEntry } from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, type FakeRoute } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function scopeOf(role: Role) {
  return fork({ values: [[$user, makeUser({ id: 'me', username: 'root', role })]] });
}

function entry(index: number): SmsOutboxEntry {
  return {
    phone: `1380000${String(index).padStart(4, '0')}`,
    text: `Your login code is ${String(100000 + index)}`,
    createdAt: `2026-03-01T08:${String(index % 60).padStart(2, '0')}:00.000Z`,
  };
}

/** The employee list (no users) and an outbox answering `entries` page by page. */
function serve(entries: SmsOutboxEntry[], outbox?: FakeRoute) {
  return fakeApi([
    on(ListUsers, () => ({ list: [], total: 0 })),
    outbox ??
      on(ListSmsOutbox, ({ query: { offset, limit } }) => ({
        list: entries.slice(offset, offset + limit),
        total: entries.length,
      })),
  ]);
}

async function openOutbox() {
  renderInShell(<App />, { path: '/employee-list', scope: scopeOf('admin') });
  fireEvent.click(await screen.findByRole('button', { name: /SMS outbox/ }));
  return screen.findByRole('dialog');
}

describe('the SMS outbox on /employee-list', () => {
  it('shows an admin the messages with phone, text and time, paged on the server', async () => {
    const requests = serve(Array.from({ length: 25 }, (_, index) => entry(index)));
    const sheet = await openOutbox();
    expect(await within(sheet).findByText('Your login code is 100000')).toBeTruthy();
    const row = within(sheet).getByText('13800000000').closest('tr')!;
    expect(within(row).getByText('Your login code is 100000')).toBeTruthy();
    expect(within(sheet).getAllByRole('row')).toHaveLength(21);

    fireEvent.click(within(sheet).getByText('2'));
    expect(await within(sheet).findByText('Your login code is 100024')).toBeTruthy();
    const queries = requests.filter((request) => request.path === '/v1/sms/outbox').map((r) => r.query.toString());
    expect(queries).toEqual(['offset=0&limit=20', 'offset=20&limit=20']);
  });

  it('explains an empty outbox: with no SMS provider configured, codes land here', async () => {
    serve([]);
    const sheet = await openOutbox();
    expect(await within(sheet).findByText('No messages yet')).toBeTruthy();
    expect(within(sheet).getByText(/With no SMS provider configured/)).toBeTruthy();
  });

  it('says when the outbox cannot be read and reads it again on retry', async () => {
    let fail = true;
    serve(
      [entry(7)],
      on(ListSmsOutbox, () => (fail ? refuse(500, 'INTERNAL', 'boom') : { list: [entry(7)], total: 1 })),
    );
    const sheet = await openOutbox();
    expect(await within(sheet).findByText('The outbox could not be read')).toBeTruthy();
    fail = false;
    fireEvent.click(within(sheet).getAllByRole('button', { name: /retry/i })[0]);
    expect(await within(sheet).findByText('Your login code is 100007')).toBeTruthy();
  });

  it('is not offered to an operator', async () => {
    serve([]);
    renderInShell(<App />, { path: '/employee-list', scope: scopeOf('operator') });
    expect(await screen.findByRole('heading', { name: 'Employees' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /SMS outbox/ })).toBeNull();
  });
});
