import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  $user,
  toFailure,
  type Failure,
  type Invitee,
  type InviteeListResponse,
  type ListInviteesQuery,
  type MyReferralResponse,
  type ReferralSettings,
  type ReferralSummaryResponse,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { getMyReferral } from './api/get-my-referral';
import { getReferralSettings } from './api/get-referral-settings';
import { getReferralSummary } from './api/get-referral-summary';
import { listInvitees } from './api/list-invitees';
import { updateReferralSettings } from './api/update-referral-settings';
import { copyText, referralLink } from './lib/referral-link';

export const DEFAULT_PAGE_SIZE = 10;
export type InviteesPage = { page: number; pageSize: number };
/** The referrer an admin narrowed the invitees to. */
export type ReferrerFilter = { id: string; name: string };

// Events: what happened on the page.
export const distributionCenterOpened = createEvent<void>();
export const copyLinkClicked = createEvent<void>();
export const inviteesPageChanged = createEvent<InviteesPage>();
export const referrerFilterChosen = createEvent<ReferrerFilter | null>();
export const retryClicked = createEvent<void>();
export const settingsSubmitted = createEvent<ReferralSettings>();

// Effects: the calls.
export const loadMineFx = createEffect<void, MyReferralResponse, Error>(getMyReferral);
export const loadSummaryFx = createEffect<void, ReferralSummaryResponse, Error>(getReferralSummary);
export const loadInviteesFx = createEffect<ListInviteesQuery, InviteeListResponse, Error>(listInvitees);
export const loadSettingsFx = createEffect<void, ReferralSettings, Error>(getReferralSettings);
export const saveSettingsFx = createEffect<ReferralSettings, ReferralSettings, Error>(updateReferralSettings);
export const copyLinkFx = createEffect<string, boolean, Error>(copyText);

// Stores.
export const $isAdmin = $user.map((user) => user?.role === 'admin');
export const $mine = createStore<MyReferralResponse | null>(null);
/** The full link to send: the register path on this console's origin. */
export const $link = $mine.map((mine) =>
  mine && typeof window !== 'undefined' ? referralLink(mine.linkPath, window.location.origin) : null,
);
export const $summary = createStore<ReferralSummaryResponse | null>(null);
export const $settings = createStore<ReferralSettings | null>(null);
export const $settingsSaving = saveSettingsFx.pending;
export const $page = createStore<InviteesPage>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
export const $referrerFilter = createStore<ReferrerFilter | null>(null);
/** The query of the invitees on screen; answers to older queries are dropped. */
export const $query = combine($page, $referrerFilter, ({ page, pageSize }, referrer): ListInviteesQuery => ({
  offset: (page - 1) * pageSize,
  limit: pageSize,
  ...(referrer && { referrerId: referrer.id }),
}));
export const $invitees = createStore<Invitee[]>([]);
export const $inviteesTotal = createStore(0);
export const $inviteesLoading = loadInviteesFx.pending;
/** The browser refused the clipboard: the link is there to copy by hand. */
export const $copyFailed = createStore(false);
/** What failed to load (the link, the totals or the invitees): the page shows it with Retry. */
export const $loadError = createStore<Failure | null>(null);

const sameQuery = (a: ListInviteesQuery, b: ListInviteesQuery) =>
  a.offset === b.offset && a.limit === b.limit && a.referrerId === b.referrerId;

// Opening (and Retry) loads everything; the settings for everyone (they say whether the link works).
sample({ clock: [distributionCenterOpened, retryClicked], fn: () => null, target: $loadError });
sample({ clock: [distributionCenterOpened, retryClicked], target: [loadMineFx, loadSummaryFx, loadSettingsFx] });
sample({ clock: [distributionCenterOpened, retryClicked, $query.updates], source: $query, target: loadInviteesFx });
sample({ clock: loadMineFx.doneData, target: $mine });
sample({ clock: loadSummaryFx.doneData, target: $summary });
sample({ clock: [loadSettingsFx.doneData, saveSettingsFx.doneData], target: $settings });
sample({
  clock: [loadMineFx.failData, loadSummaryFx.failData, loadSettingsFx.failData],
  fn: toFailure,
  target: $loadError,
});

// Invitees: a new referrer filter starts again on page 1; a new page size too.
sample({ clock: referrerFilterChosen, target: $referrerFilter });
sample({
  clock: referrerFilterChosen,
  source: $page,
  filter: (page) => page.page !== 1,
  fn: (page) => ({ ...page, page: 1 }),
  target: $page,
});
sample({
  clock: inviteesPageChanged,
  source: $page,
  filter: (current, next) => current.page !== next.page || current.pageSize !== next.pageSize,
  fn: (current, next) => (next.pageSize !== current.pageSize ? { page: 1, pageSize: next.pageSize } : next),
  target: $page,
});
const currentInvitees = sample({
  clock: loadInviteesFx.done,
  source: $query,
  filter: (query, { params }) => sameQuery(query, params),
  fn: (_, { result }) => result,
});
sample({ clock: currentInvitees, fn: (answer) => answer.list, target: $invitees });
sample({ clock: currentInvitees, fn: (answer) => answer.total, target: $inviteesTotal });
sample({
  clock: loadInviteesFx.fail,
  source: $query,
  filter: (query, { params }) => sameQuery(query, params),
  fn: (_, { error }) => toFailure(error),
  target: $loadError,
});

// Settings (admins): saved, then the totals and the notice.
sample({ clock: settingsSubmitted, target: saveSettingsFx });
sample({ clock: saveSettingsFx.done, fn: () => ({ id: 'users.referrals.settings.saved' }), target: showSuccessFx });

// Copying the link: a notice; when the browser refuses, the page says to copy it by hand.
sample({ clock: copyLinkClicked, source: $link, filter: Boolean, target: copyLinkFx });
sample({
  clock: copyLinkFx.doneData,
  filter: Boolean,
  fn: () => ({ id: 'users.referrals.copied' }),
  target: showSuccessFx,
});
sample({ clock: copyLinkFx.doneData, fn: (copied) => !copied, target: $copyFailed });
