import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuse, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeCasesApi, listRequests, makeCase } from '../../../test/fake-cases-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('case list page', () => {
  it('explains where cases come from when there are none', async () => {
    fakeCasesApi([]);
    renderInShell(<App />, { path: '/case', scope: testScope('agent') });
    expect(await screen.findByText('No cases yet')).toBeTruthy();
    expect(screen.getByText(/Cases appear here when robots open them from conversations/)).toBeTruthy();
  });

  it('lists the cases with customer, robot, status and opening time', async () => {
    fakeCasesApi([
      makeCase({
        title: 'Refund request',
        customer: 'Han Meimei',
        phone: '13900000000',
        processId: 'p9',
        processName: 'Aftersales',
        status: 'in_progress',
        checked: true,
      }),
      makeCase({ title: 'New lead', status: 'closed' }),
    ]);
    renderInShell(<App />, { path: '/case', scope: testScope('agent') });
    const row = (await screen.findByText('Refund request')).closest('tr')!;
    expect(within(row).getByText('Han Meimei')).toBeTruthy();
    expect(within(row).getByText('13900000000')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Aftersales' }).getAttribute('href')).toBe('/ai/p9/detail/');
    expect(within(row).getByText('In progress')).toBeTruthy();
    expect(within(row).getByText('Checked')).toBeTruthy();
    expect(within(row).getByText(/2024/)).toBeTruthy();
    expect(within(screen.getByText('New lead').closest('tr')!).getByText('Closed')).toBeTruthy();
    expect(screen.getByText('2 cases')).toBeTruthy();
  });

  it('filters by status, and offers to clear filters that match nothing', async () => {
    const { requests } = fakeCasesApi([makeCase({ title: 'Refund request', status: 'new' })]);
    renderInShell(<App />, { path: '/case', scope: testScope('admin') });
    await screen.findByText('Refund request');
    fireEvent.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(await screen.findByText('No case matches these filters')).toBeTruthy();
    expect(listRequests(requests).at(-1)!.query.get('status')).toBe('closed');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Refund request')).toBeTruthy();
    expect(listRequests(requests).at(-1)!.query.has('status')).toBe(false);
  });

  it('searches on the server as the user types', async () => {
    const { requests } = fakeCasesApi([makeCase({ title: 'Refund request' }), makeCase({ title: 'New lead' })]);
    renderInShell(<App />, { path: '/case', scope: testScope('admin') });
    await screen.findByText('Refund request');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by title, customer or phone' }), {
      target: { value: 'lead' },
    });
    await waitFor(() => expect(screen.queryByText('Refund request')).toBeNull());
    expect(screen.getByText('New lead')).toBeTruthy();
    expect(listRequests(requests).at(-1)!.query.get('keyword')).toBe('lead');
  });

  it('shows an error with Retry when the list fails', async () => {
    let failing = true;
    fakeCasesApi([makeCase({ title: 'Refund request' })], () =>
      failing ? refuse(500, 'INTERNAL', 'Internal server error') : undefined,
    );
    renderInShell(<App />, { path: '/case', scope: testScope('admin') });
    expect(await screen.findByText('The cases could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Refund request')).toBeTruthy();
  });

  it('leaves paths of no page to the not-found fallback', async () => {
    fakeCasesApi([]);
    renderInShell(<App />, { path: '/case/c1/nowhere', scope: testScope('admin') });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
