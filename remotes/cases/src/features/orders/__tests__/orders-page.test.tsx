import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refuse, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeTeamsApi, makeOrder } from '../../../test/fake-teams-api';
import { formatCents } from '../lib/format-cents';

afterEach(cleanup);

const listCalls = (requests: ReturnType<typeof fakeTeamsApi>['requests']) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/v1/case/orders');

describe('orders page', () => {
  it('explains where orders come from when there are none', async () => {
    fakeTeamsApi();
    renderInShell(<App />, { path: '/case/orders', scope: testScope('agent') });
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });

  it('lists orders with quantity, amount in money, customer and a link to the case', async () => {
    fakeTeamsApi({
      orders: [makeOrder({ product: 'Blue kettle', quantity: 2, amountCents: 123456, caseId: 'c42', customer: 'Han' })],
    });
    renderInShell(<App />, { path: '/case/orders', scope: testScope('agent') });
    const row = (await screen.findByText('Blue kettle')).closest('tr')!;
    expect(within(row).getByText('1,234.56')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('Han')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe('/case/c42');
    // Agents read the status; they do not move it.
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByText('1 order')).toBeTruthy();
  });

  it('searches on the server and offers to clear filters that match nothing', async () => {
    const { requests } = fakeTeamsApi({ orders: [makeOrder({ product: 'Blue kettle' })] });
    renderInShell(<App />, { path: '/case/orders', scope: testScope('admin') });
    await screen.findByText('Blue kettle');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by product, customer or phone' }), {
      target: { value: 'teapot' },
    });
    expect(await screen.findByText('No order matches these filters')).toBeTruthy();
    expect(listCalls(requests).at(-1)!.query.get('keyword')).toBe('teapot');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Blue kettle')).toBeTruthy();
    expect(listCalls(requests).at(-1)!.query.has('keyword')).toBe(false);
  });

  it('lets an operator move an order forward, and says so when the server refuses a move', async () => {
    let refusing = false;
    const { orders, requests } = fakeTeamsApi({
      orders: [makeOrder({ id: 'o1', product: 'Blue kettle' })],
      refuseWhen: (r) =>
        refusing && r.method === 'PUT' ? refuse(409, 'CASE_ORDER_STATUS_MOVE', 'Cannot move') : undefined,
    });
    renderInShell(<App />, { path: '/case/orders', scope: testScope('operator') });
    await screen.findByText('Blue kettle');
    // Only the moves forward are offered.
    expect(screen.queryByRole('button', { name: 'Move Blue kettle to Fulfilled' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move Blue kettle to Paid' }));
    await waitFor(() => expect(orders[0]!.status).toBe('paid'));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ status: 'paid' });

    refusing = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Move Blue kettle to Fulfilled' }));
    expect(await screen.findByText('The order cannot move to that status any more')).toBeTruthy();
  });

  it('shows an error with Retry when the list fails', async () => {
    let failing = true;
    fakeTeamsApi({
      orders: [makeOrder({ product: 'Blue kettle' })],
      refuseWhen: (r) => (failing && r.path === '/v1/case/orders' ? refuse(500, 'INTERNAL', 'Internal') : undefined),
    });
    renderInShell(<App />, { path: '/case/orders', scope: testScope('admin') });
    expect(await screen.findByText('The orders could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Blue kettle')).toBeTruthy();
  });
});

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1990, '19.90'],
    [100000000, '1,000,000.00'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});
