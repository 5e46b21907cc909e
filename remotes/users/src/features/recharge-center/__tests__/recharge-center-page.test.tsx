import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $user,
  AdjustUserCredits,
  ExportUserCredits,
  GetCreditSettings,
  GetUserCredits,
  ListCreditPackages,
  ListUserOptions,
  RechargeUser,
  UpdateCreditSettings,
  type CreditPackage,
  type CreditsResponse,
  type LedgerEntry,
  type User,
} from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, type FakeRoute } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

const admin = makeUser({ id: 'me', username: 'root', role: 'admin' });
const gold: CreditPackage = {
  id: 'p-gold',
  name: 'Gold',
  priceCents: 19900,
  credits: 2500,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function entry(patch: Partial<LedgerEntry>): LedgerEntry {
  return {
    id: `row-${Math.random()}`,
    userId: 'me',
    kind: 'recharge',
    amount: 10,
    balanceAfter: 10,
    completionId: null,
    remark: '',
    createdAt: '2026-03-04T05:06:07.000Z',
    ...patch,
  };
}

const statementOf = (userId: string, ledger: LedgerEntry[], balance: number): CreditsResponse => ({
  userId,
  balance,
  ledger,
  total: ledger.length,
});

/** The routes every recharge-centre test needs, before the ones a test adds. */
function baseRoutes(extra: FakeRoute[] = []): FakeRoute[] {
  return [
    ...extra,
    on(ListCreditPackages, () => ({ list: [gold], total: 1 })),
    on(GetCreditSettings, () => ({ lowBalanceThreshold: 100 })),
    on(ListUserOptions, () => ({
      list: [
        { id: 'me', name: 'root' },
        { id: 'alice', name: 'Alice' },
      ],
      total: 2,
    })),
  ];
}

function render(user: User) {
  renderInShell(<App />, { path: '/dashboard/recharge-center', scope: fork({ values: [[$user, user]] }) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('/dashboard/recharge-center for an admin', () => {
  it("shows the admin's balance and ledger, filters it by kind on the server", async () => {
    const calls = fakeApi(
      baseRoutes([
        on(GetUserCredits, ({ params, query }) => {
          if (params.id !== 'me') return undefined;
          if (query.kind === 'answer')
            return statementOf('me', [entry({ kind: 'answer', amount: -3, balanceAfter: 47 })], 47);
          return {
            ...statementOf('me', [entry({ amount: 50, balanceAfter: 50, remark: 'first' })], 47),
            total: 45,
          };
        }),
      ]),
    );
    render(admin);

    expect(await screen.findByText('first')).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('47');
    // 47 is below the tenant's threshold of 100.
    expect(screen.getByText('Low balance')).toBeTruthy();
    const firstCall = calls.find((call) => call.path === '/v1/users/me/credits')!;
    expect(firstCall.url.search).toBe('?offset=0&limit=20');

    fireEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: /Answer$/ }));
    expect(await screen.findByText('-3')).toBeTruthy();
    expect(calls.at(-1)!.url.search).toBe('?offset=0&limit=20&kind=answer');
  });

  it('sends the chosen dates as the local days, the end day included', async () => {
    const calls = fakeApi(
      baseRoutes([on(GetUserCredits, ({ params }) => statementOf(params.id, [entry({ remark: 'row' })], 10))]),
    );
    render(admin);
    await screen.findByText('row');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(calls.at(-1)!.query.get('to')).toBe(new Date(2026, 3, 1).toISOString()));
    expect(calls.at(-1)!.query.get('from')).toBe(new Date(2026, 2, 1).toISOString());
  });

  it('exports the filtered ledger as credits.xlsx', async () => {
    const exported: URLSearchParams[] = [];
    fakeApi(
      baseRoutes([
        on(GetUserCredits, ({ params }) => statementOf(params.id, [entry({ remark: 'row' })], 10)),
        on(ExportUserCredits, ({ request }) => {
          exported.push(request.query);
          return new Response(new Blob(['xlsx']), { status: 200 });
        }),
      ]),
    );
    const createObjectURL = vi.fn(() => 'blob:credits');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(admin);
    await screen.findByText('row');

    fireEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: /Recharge$/ }));
    fireEvent.click(screen.getByTestId('ledger-export'));
    await waitFor(() => expect(clicked).toEqual(['credits.xlsx']));
    expect(exported.map((query) => query.toString())).toEqual(['kind=recharge']);
  });

  it("recharges a user with a package, then shows that user's ledger", async () => {
    const recharged: unknown[] = [];
    let aliceBalance = 0;
    fakeApi(
      baseRoutes([
        on(RechargeUser, ({ body }) => {
          recharged.push(body);
          aliceBalance = 2500;
          return statementOf('alice', [], aliceBalance);
        }),
        on(GetUserCredits, ({ params }) =>
          params.id === 'alice'
            ? statementOf(
                'alice',
                aliceBalance ? [entry({ userId: 'alice', amount: 2500, remark: '[Gold · 199.00] paid' })] : [],
                aliceBalance,
              )
            : statementOf('me', [entry({ remark: 'mine' })], 500),
        ),
      ]),
    );
    render(admin);
    await screen.findByText('mine');

    fireEvent.click(screen.getByTestId('recharge-open'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'User' }));
    fireEvent.click(await screen.findByRole('option', { name: /Alice$/ }));
    fireEvent.change(within(dialog).getByLabelText('Remark (optional)'), { target: { value: ' paid ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    });

    expect(await screen.findByText('[Gold · 199.00] paid')).toBeTruthy();
    expect(recharged).toEqual([{ userId: 'alice', packageId: 'p-gold', remark: 'paid' }]);
    expect(screen.getByTestId('balance').textContent).toBe('2,500');
  });

  it("shows the server's refusal in the recharge dialog and keeps it open", async () => {
    fakeApi(
      baseRoutes([
        on(RechargeUser, () => refuse(404, 'CREDIT_PACKAGE_NOT_FOUND')),
        on(GetUserCredits, ({ params }) => statementOf(params.id, [entry({ remark: 'mine' })], 500)),
      ]),
    );
    render(admin);
    await screen.findByText('mine');
    fireEvent.click(screen.getByTestId('recharge-open'));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    });
    expect((await screen.findByTestId('recharge-error')).textContent).toBe(
      'This package was removed meanwhile; choose another.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('corrects the balance on screen with a reason, and says when it would go below zero', async () => {
    const adjusted: unknown[] = [];
    let balance = 500;
    fakeApi(
      baseRoutes([
        on(AdjustUserCredits, ({ body }) => {
          adjusted.push(body);
          if (balance + body.amount < 0) return refuse(422, 'CREDITS_BELOW_ZERO');
          balance += body.amount;
          return statementOf(body.userId, [], balance);
        }),
        on(GetUserCredits, ({ params }) => statementOf(params.id, [entry({ remark: 'mine' })], balance)),
      ]),
    );
    render(admin);
    await screen.findByText('mine');

    fireEvent.click(screen.getByTestId('adjust-open'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Credits'), { target: { value: '-600' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'double recharge' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Correct' }));
    });
    expect((await screen.findByTestId('adjust-error')).textContent).toBe(
      'The balance cannot go below zero: take away less.',
    );

    fireEvent.change(within(dialog).getByLabelText('Credits'), { target: { value: '-40' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Correct' }));
    });
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('460'));
    expect(adjusted).toEqual([
      { userId: 'me', amount: -600, remark: 'double recharge' },
      { userId: 'me', amount: -40, remark: 'double recharge' },
    ]);
  });

  it('lists the packages and saves the low-balance threshold', async () => {
    const saved: unknown[] = [];
    fakeApi(
      baseRoutes([
        on(GetUserCredits, ({ params }) => statementOf(params.id, [], 0)),
        on(UpdateCreditSettings, ({ body }) => {
          saved.push(body);
          return body;
        }),
      ]),
    );
    render(admin);
    const packages = await screen.findByTestId('packages');
    expect(await within(packages).findByText('Gold')).toBeTruthy();
    expect(within(packages).getByText('199.00')).toBeTruthy();
    expect(within(packages).getByText('2,500')).toBeTruthy();

    const threshold = screen.getByLabelText('Low-balance warning');
    await waitFor(() => expect((threshold as HTMLInputElement).value).toBe('100'));
    fireEvent.change(threshold, { target: { value: '250' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(saved).toEqual([{ lowBalanceThreshold: 250 }]));
  });
});

describe('/dashboard/recharge-center for an operator', () => {
  it('shows only their own balance and ledger: no recharge, packages or threshold', async () => {
    const operator = makeUser({ id: 'op', username: 'op', role: 'operator' });
    const calls = fakeApi(
      baseRoutes([
        on(GetUserCredits, ({ params }) =>
          params.id === 'op' ? statementOf('op', [entry({ userId: 'op', remark: 'own row' })], 12) : undefined,
        ),
      ]),
    );
    render(operator);
    expect(await screen.findByText('own row')).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('12');
    expect(screen.queryByTestId('recharge-open')).toBeNull();
    expect(screen.queryByTestId('packages')).toBeNull();
    expect(screen.queryByTestId('threshold')).toBeNull();
    expect(screen.queryByTestId('adjust-open')).toBeNull();
    expect(screen.queryByTestId('viewed-user')).toBeNull();
    expect(calls.map((call) => call.path).filter((path) => !path.startsWith('/v1/users/op/'))).toEqual([
      '/v1/credits/settings',
    ]);
  });
});
