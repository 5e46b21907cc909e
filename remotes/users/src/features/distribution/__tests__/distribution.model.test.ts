import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $user, HttpError, type Invitee, type ListInviteesQuery, type ReferralSettings } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { makeUser } from '../../../test-utils/fake-users';
import {
  $copyFailed,
  $invitees,
  $inviteesTotal,
  $link,
  $loadError,
  $page,
  $settings,
  copyLinkClicked,
  copyLinkFx,
  distributionCenterOpened,
  inviteesPageChanged,
  loadInviteesFx,
  loadMineFx,
  loadSettingsFx,
  loadSummaryFx,
  referrerFilterChosen,
  retryClicked,
  saveSettingsFx,
  settingsSubmitted,
} from '../distribution.model';

const SETTINGS: ReferralSettings = { enabled: true, referrerReward: 30, refereeReward: 12, newUserRole: 'operator' };
const MINE = { code: 'ABCD2345', linkPath: '/register?ref=ABCD2345', invitees: 2, rewardsEarned: 60 };
const SUMMARY = { invitees: 5, referrers: 2, referrerRewards: 150, refereeRewards: 60 };

function invitee(id: string): Invitee {
  return {
    id,
    referrerId: 'op',
    referrerName: 'Operator',
    refereeId: `u-${id}`,
    refereeName: `New ${id}`,
    phone: '139****0001',
    referrerReward: 30,
    refereeReward: 12,
    createdAt: '2026-03-04T05:06:07.000Z',
  };
}

/** A scope whose calls answer as a server would; `invitees` sees each query. */
function scopeWith(invitees = vi.fn(async (_query: ListInviteesQuery) => ({ list: [invitee('1')], total: 31 }))) {
  const scope = fork({
    values: [[$user, makeUser({ role: 'admin' })]],
    handlers: [
      [loadMineFx, async () => MINE],
      [loadSummaryFx, async () => SUMMARY],
      [loadSettingsFx, async () => SETTINGS],
      [loadInviteesFx, invitees],
      [showSuccessFx, vi.fn()],
    ],
  });
  return { scope, invitees };
}

describe('distribution model', () => {
  it('loads the link, totals, settings and the first page of invitees when the page opens', async () => {
    const { scope, invitees } = scopeWith();
    await allSettled(distributionCenterOpened, { scope });
    expect(scope.getState($link)).toBe(`${window.location.origin}/register?ref=ABCD2345`);
    expect(scope.getState($settings)).toEqual(SETTINGS);
    expect(invitees).toHaveBeenCalledWith({ offset: 0, limit: 10 });
    expect(scope.getState($invitees).map((row) => row.id)).toEqual(['1']);
    expect(scope.getState($inviteesTotal)).toBe(31);
  });

  it('pages the invitees on the server, and a referrer filter starts again on page 1 with their id', async () => {
    const { scope, invitees } = scopeWith();
    await allSettled(distributionCenterOpened, { scope });
    await allSettled(inviteesPageChanged, { scope, params: { page: 3, pageSize: 10 } });
    expect(invitees).toHaveBeenLastCalledWith({ offset: 20, limit: 10 });
    await allSettled(referrerFilterChosen, { scope, params: { id: 'op', name: 'Operator' } });
    expect(scope.getState($page).page).toBe(1);
    expect(invitees).toHaveBeenLastCalledWith({ offset: 0, limit: 10, referrerId: 'op' });
    await allSettled(referrerFilterChosen, { scope, params: null });
    expect(invitees).toHaveBeenLastCalledWith({ offset: 0, limit: 10 });
  });

  it('keeps a failure to show with Retry, and Retry loads again', async () => {
    const mine = vi.fn(async () => MINE).mockRejectedValueOnce(new HttpError(500, 'INTERNAL', 'Server error', null));
    const scope = fork({
      values: [[$user, makeUser({ role: 'operator' })]],
      handlers: [
        [loadMineFx, mine],
        [loadSummaryFx, async () => SUMMARY],
        [loadSettingsFx, async () => SETTINGS],
        [loadInviteesFx, async () => ({ list: [], total: 0 })],
      ],
    });
    await allSettled(distributionCenterOpened, { scope });
    expect(scope.getState($loadError)).toMatchObject({ status: 500, code: 'INTERNAL' });
    await allSettled(retryClicked, { scope });
    expect(mine).toHaveBeenCalledTimes(2);
    expect(scope.getState($loadError)).toBeNull();
    expect(scope.getState($link)).toContain('/register?ref=ABCD2345');
  });

  it('saves the settings and says so', async () => {
    const save = vi.fn(async (body: ReferralSettings) => body);
    const notice = vi.fn();
    const saving = fork({
      handlers: [
        [saveSettingsFx, save],
        [showSuccessFx, notice],
      ],
    });
    const next = { ...SETTINGS, enabled: false };
    await allSettled(settingsSubmitted, { scope: saving, params: next });
    expect(save).toHaveBeenCalledWith(next);
    expect(saving.getState($settings)).toEqual(next);
    expect(notice).toHaveBeenCalledWith({ id: 'users.referrals.settings.saved' });
  });

  it('copies the full link, and says to copy it by hand when the browser refuses', async () => {
    const copy = vi.fn(async () => true);
    const notice = vi.fn();
    const copying = fork({
      handlers: [
        [loadMineFx, async () => MINE],
        [copyLinkFx, copy],
        [showSuccessFx, notice],
      ],
    });
    await allSettled(loadMineFx, { scope: copying });
    await allSettled(copyLinkClicked, { scope: copying });
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/register?ref=ABCD2345`);
    expect(notice).toHaveBeenCalledWith({ id: 'users.referrals.copied' });
    expect(copying.getState($copyFailed)).toBe(false);

    copy.mockResolvedValueOnce(false);
    await allSettled(copyLinkClicked, { scope: copying });
    expect(copying.getState($copyFailed)).toBe(true);
    expect(notice).toHaveBeenCalledTimes(1);
  });
});
