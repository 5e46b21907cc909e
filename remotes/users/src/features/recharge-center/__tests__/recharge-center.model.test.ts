import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $user, type CreditsResponse } from '@flotilla/shared';
import { makeUser } from '../../../test-utils/fake-users';
import {
  $page,
  $statement,
  $viewedUserId,
  kindFilterChanged,
  ledgerPageChanged,
  loadLedgerFx,
  loadPackagesFx,
  loadSettingsFx,
  loadUserOptionsFx,
  rechargeCenterOpened,
  viewedUserChosen,
} from '../recharge-center.model';

const admin = makeUser({ id: 'me', role: 'admin' });
const statement = (userId: string, balance: number): CreditsResponse => ({ userId, balance, ledger: [], total: 0 });

function adminScope(load: (input: { userId: string }) => Promise<CreditsResponse>) {
  return fork({
    values: [[$user, admin]],
    handlers: [
      [loadLedgerFx, vi.fn(load)],
      [loadPackagesFx, vi.fn(async () => [])],
      [loadSettingsFx, vi.fn(async () => ({ lowBalanceThreshold: 0 }))],
      [loadUserOptionsFx, vi.fn(async () => [])],
    ],
  });
}

describe('recharge centre model', () => {
  it("shows the viewer's own ledger until an admin chooses someone, then that user's from page 1", async () => {
    const load = vi.fn(async ({ userId }: { userId: string }) => statement(userId, userId === 'me' ? 5 : 9));
    const scope = adminScope(load);
    await allSettled(rechargeCenterOpened, { scope });
    expect(scope.getState($viewedUserId)).toBe('me');
    expect(scope.getState($statement)?.balance).toBe(5);

    await allSettled(ledgerPageChanged, { scope, params: { page: 3, pageSize: 20 } });
    await allSettled(viewedUserChosen, { scope, params: 'alice' });
    expect(scope.getState($page).page).toBe(1);
    expect(scope.getState($statement)).toEqual(statement('alice', 9));
    expect(load).toHaveBeenLastCalledWith({ userId: 'alice', query: { offset: 0, limit: 20 } });
  });

  it('drops an answer that arrives after the filters changed', async () => {
    const pending: Array<() => void> = [];
    const load = vi.fn(
      ({ userId, query }: { userId: string; query?: { kind?: string } }) =>
        new Promise<CreditsResponse>((resolve) =>
          pending.push(() => resolve(statement(userId, query?.kind === 'refund' ? 7 : 1))),
        ),
    );
    const scope = adminScope(load);
    const opened = allSettled(rechargeCenterOpened, { scope });
    const filtered = allSettled(kindFilterChanged, { scope, params: 'refund' });
    // The filtered answer first, then the stale unfiltered one.
    await vi.waitFor(() => expect(pending.length).toBe(2));
    pending[1]!();
    pending[0]!();
    await Promise.all([opened, filtered]);
    expect(load.mock.calls.at(-1)![0]).toMatchObject({ query: { kind: 'refund' } });
    expect(scope.getState($statement)?.balance).toBe(7);
  });
});
