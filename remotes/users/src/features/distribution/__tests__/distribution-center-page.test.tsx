import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $user,
  GetMyReferral,
  GetReferralSettings,
  GetReferralSummary,
  ListInvitees,
  UpdateReferralSettings,
  type Invitee,
  type User,
} from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, type FakeRoute } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

const admin = makeUser({ id: 'me', username: 'root', role: 'admin' });
const operator = makeUser({ id: 'op', username: 'olga', nickname: 'Olga', role: 'operator' });
const SETTINGS = {
  enabled: true,
  referrerReward: 30,
  refereeReward: 12,
  newUserRole: 'operator' as const,
  requirePhoneCode: false,
};

function invitee(patch: Partial<Invitee>): Invitee {
  return {
    id: `ref-${Math.random()}`,
    referrerId: 'op',
    referrerName: 'Olga',
    refereeId: 'new-1',
    refereeName: 'Newcomer One',
    phone: '13900000001',
    referrerReward: 30,
    refereeReward: 12,
    createdAt: '2026-03-04T05:06:07.000Z',
    ...patch,
  };
}

/** The routes every test needs, after the ones a test adds. */
function baseRoutes(extra: FakeRoute[] = []): FakeRoute[] {
  return [
    ...extra,
    on(GetMyReferral, () => ({ code: 'ABCD2345', linkPath: '/register?ref=ABCD2345', invitees: 1, rewardsEarned: 30 })),
    on(GetReferralSummary, () => ({ invitees: 7, referrers: 3, referrerRewards: 210, refereeRewards: 84 })),
    on(GetReferralSettings, () => SETTINGS),
  ];
}

function render(user: User) {
  renderInShell(<App />, { path: '/distribution-center', scope: fork({ values: [[$user, user]] }) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('/distribution-center for an operator', () => {
  it('shows their link with its QR code, copies it, and lists only their invitees without a referrer column', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeApi(baseRoutes([on(ListInvitees, () => ({ list: [invitee({ phone: '139****0001' })], total: 1 }))]));
    render(operator);

    const link = (await screen.findByTestId('referral-link')) as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe(`${window.location.origin}/register?ref=ABCD2345`));
    expect(screen.getByTestId('referral-code').textContent).toBe('ABCD2345');
    expect(screen.getByTestId('my-rewards').textContent).toBe('30');
    const qr = (await screen.findByTestId('referral-qr')) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.src)).toContain('<svg');

    fireEvent.click(screen.getByTestId('referral-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.value));

    const table = await screen.findByTestId('invitees');
    expect(await within(table).findByText('Newcomer One')).toBeTruthy();
    expect(within(table).getByText('139****0001')).toBeTruthy();
    expect(within(table).queryByText('Olga')).toBeNull();
    expect(screen.queryByTestId('referral-settings-save')).toBeNull();
    expect(screen.getByText('My totals')).toBeTruthy();
  });

  it('says to copy by hand when the browser refuses the clipboard', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeApi(baseRoutes([on(ListInvitees, () => ({ list: [], total: 0 }))]));
    render(operator);
    await waitFor(() => expect((screen.getByTestId('referral-link') as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByTestId('referral-copy'));
    expect(await screen.findByText(/select the link and copy it yourself/)).toBeTruthy();
    expect(screen.getByText('Nobody has registered with a link yet')).toBeTruthy();
  });

  it('shows Retry when the page cannot load, and loads again', async () => {
    let failures = 1;
    fakeApi(
      baseRoutes([
        on(GetMyReferral, () => (failures-- > 0 ? refuse(500, 'INTERNAL', 'Server error') : undefined)),
        on(ListInvitees, () => ({ list: [], total: 0 })),
      ]),
    );
    render(operator);
    fireEvent.click(await screen.findByRole('button', { name: /retry/i }));
    expect(await screen.findByTestId('referral-link')).toBeTruthy();
  });
});

describe('/distribution-center for an admin', () => {
  it("shows the tenant's totals and invitees with their referrer, narrowed to one referrer on a click", async () => {
    const calls = fakeApi(
      baseRoutes([
        on(ListInvitees, ({ query }) =>
          query.referrerId === 'op'
            ? { list: [invitee({ refereeName: 'Only Olga’s' })], total: 1 }
            : {
                list: [invitee({}), invitee({ referrerId: 'me', referrerName: 'root', refereeName: 'Second' })],
                total: 2,
              },
        ),
      ]),
    );
    render(admin);
    expect(await screen.findByText('Programme totals')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('total-invitees').textContent).toBe('7'));
    expect(screen.getByTestId('total-referrerRewards').textContent).toBe('210');

    const table = await screen.findByTestId('invitees');
    fireEvent.click(await within(table).findByRole('button', { name: 'Olga' }));
    expect(await within(table).findByText('Only Olga’s')).toBeTruthy();
    expect(screen.getByTestId('referrer-filter').textContent).toContain('Olga');
    expect(calls.some((call) => call.path === '/v1/referrals/invitees' && call.query.get('referrerId') === 'op')).toBe(
      true,
    );
  });

  it('changes the programme settings and saves exactly them', async () => {
    const saved: unknown[] = [];
    fakeApi(
      baseRoutes([
        on(ListInvitees, () => ({ list: [], total: 0 })),
        on(UpdateReferralSettings, ({ body }) => {
          saved.push(body);
          return body;
        }),
      ]),
    );
    render(admin);
    const save = (await screen.findByTestId('referral-settings-save')) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByLabelText('Credits to the referrer')).toHaveProperty('value', '30'));
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Registering by invitation' }));
    const reward = screen.getByLabelText('Credits to the new user');
    fireEvent.change(reward, { target: { value: '40' } });
    fireEvent.blur(reward);
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(saved).toEqual([{ ...SETTINGS, enabled: false, refereeReward: 40 }]));
  });

  it('requires a phone code to register once the switch is on and saved, saying it needs an SMS gateway', async () => {
    const saved: unknown[] = [];
    fakeApi(
      baseRoutes([
        on(ListInvitees, () => ({ list: [], total: 0 })),
        on(UpdateReferralSettings, ({ body }) => {
          saved.push(body);
          return body;
        }),
      ]),
    );
    render(admin);
    const save = (await screen.findByTestId('referral-settings-save')) as HTMLButtonElement;
    const toggle = await screen.findByRole('switch', { name: 'Require a phone code to register' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByText(/Needs an SMS gateway/).id).toBe(toggle.getAttribute('aria-describedby'));
    fireEvent.click(toggle);
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(saved).toEqual([{ ...SETTINGS, requirePhoneCode: true }]));
  });
});
