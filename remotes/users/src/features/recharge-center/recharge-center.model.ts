import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  $user,
  toFailure,
  type AdjustCreditsBody,
  type CreditPackage,
  type CreditPackageBody,
  type CreditSettings,
  type CreditsResponse,
  type Failure,
  type LedgerFilterQuery,
  type RechargeBody,
  type UserCreditsQuery,
  type UserOption,
  saveFile,
  CREDITS_EXPORT_FILE,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { adjustUserCredits } from './api/adjust-user-credits';
import { createCreditPackage } from './api/create-credit-package';
import { deleteCreditPackage } from './api/delete-credit-package';
import { exportUserCredits } from './api/export-user-credits';
import { getCreditSettings } from './api/get-credit-settings';
import { getUserCredits } from './api/get-user-credits';
import { listCreditPackages } from './api/list-credit-packages';
import { listUserOptions } from './api/list-user-options';
import { rechargeUser } from './api/recharge-user';
import { updateCreditPackage } from './api/update-credit-package';
import { updateCreditSettings } from './api/update-credit-settings';
import {
  DEFAULT_PAGE_SIZE,
  NO_FILTERS,
  toFilterQuery,
  toLedgerQuery,
  type KindFilter,
  type LedgerFilters,
  type LedgerPage,
} from './lib/ledger-query';

type LedgerRequest = { userId: string; query: UserCreditsQuery };

// Events: what happened on the page.
export const rechargeCenterOpened = createEvent<void>();
/** An admin chose whose balance and ledger to look at (null: their own). */
export const viewedUserChosen = createEvent<string | null>();
export const userSearchTyped = createEvent<string>();
export const kindFilterChanged = createEvent<KindFilter>();
export const fromDateChanged = createEvent<string>();
export const toDateChanged = createEvent<string>();
export const ledgerPageChanged = createEvent<LedgerPage>();
export const ledgerRetryClicked = createEvent<void>();
export const exportClicked = createEvent<void>();
export const rechargeClicked = createEvent<void>();
export const rechargeDismissed = createEvent<void>();
export const rechargeSubmitted = createEvent<RechargeBody>();
export const adjustClicked = createEvent<void>();
export const adjustDismissed = createEvent<void>();
/** The correction for the user on screen: credits up or down, and why. */
export const adjustSubmitted = createEvent<{ amount: number; remark: string }>();
export const packageAddClicked = createEvent<void>();
export const packageEditClicked = createEvent<CreditPackage>();
export const packageDismissed = createEvent<void>();
export const packageSubmitted = createEvent<CreditPackageBody>();
export const packageDeleteConfirmed = createEvent<string>();
export const thresholdSubmitted = createEvent<number>();

// Effects: the calls.
export const loadLedgerFx = createEffect<LedgerRequest, CreditsResponse, Error>(getUserCredits);
export const exportLedgerFx = createEffect<{ userId: string; query: LedgerFilterQuery }, void, Error>(async (input) =>
  saveFile(await exportUserCredits(input), CREDITS_EXPORT_FILE),
);
export const loadUserOptionsFx = createEffect<string, UserOption[], Error>(listUserOptions);
export const rechargeFx = createEffect<RechargeBody, CreditsResponse, Error>(rechargeUser);
export const adjustFx = createEffect<AdjustCreditsBody, CreditsResponse, Error>(adjustUserCredits);
export const loadPackagesFx = createEffect<void, CreditPackage[], Error>(listCreditPackages);
export const createPackageFx = createEffect<CreditPackageBody, CreditPackage, Error>(createCreditPackage);
export const updatePackageFx = createEffect<{ id: string; body: CreditPackageBody }, CreditPackage, Error>(
  updateCreditPackage,
);
export const deletePackageFx = createEffect<string, void, Error>(deleteCreditPackage);
export const loadSettingsFx = createEffect<void, CreditSettings, Error>(getCreditSettings);
export const saveSettingsFx = createEffect<CreditSettings, CreditSettings, Error>(updateCreditSettings);

// Stores.
export const $isAdmin = $user.map((user) => user?.role === 'admin');
const $chosenUserId = createStore<string | null>(null);
/** Whose ledger the page shows: the user an admin chose, else the viewer. */
export const $viewedUserId = combine($chosenUserId, $user, (chosen, user) => chosen ?? user?.id ?? null, {
  skipVoid: false,
});
export const $filters = createStore<LedgerFilters>(NO_FILTERS);
export const $page = createStore<LedgerPage>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
/** The ledger page the viewer looks at; answers to older requests are dropped. */
export const $ledgerRequest = combine($viewedUserId, $filters, $page, (userId, filters, page) =>
  userId ? { userId, query: toLedgerQuery(filters, page) } : null,
);
export const $statement = createStore<CreditsResponse | null>(null, { skipVoid: false });
export const $ledgerError = createStore<Failure | null>(null, { skipVoid: false });
export const $ledgerLoading = loadLedgerFx.pending;
export const $exporting = exportLedgerFx.pending;
export const $userOptions = createStore<UserOption[]>([]);
export const $userOptionsLoading = loadUserOptionsFx.pending;
export const $rechargeOpen = createStore(false);
export const $rechargeError = createStore<Failure | null>(null, { skipVoid: false });
export const $recharging = rechargeFx.pending;
export const $adjustOpen = createStore(false);
export const $adjustError = createStore<Failure | null>(null, { skipVoid: false });
export const $adjusting = adjustFx.pending;
export const $packages = createStore<CreditPackage[]>([]);
/** The package in the dialog: 'new', one being changed, or null (closed). */
export const $packageEditing = createStore<CreditPackage | 'new' | null>(null, { skipVoid: false });
export const $packageError = createStore<Failure | null>(null, { skipVoid: false });
export const $packageSaving = combine(createPackageFx.pending, updatePackageFx.pending, (a, b) => a || b);
export const $settings = createStore<CreditSettings | null>(null, { skipVoid: false });
export const $settingsSaving = saveSettingsFx.pending;

const sameRequest = (a: LedgerRequest | null, b: LedgerRequest) => JSON.stringify(a) === JSON.stringify(b);

// Whose ledger, and its filters: a change starts again on page 1.
sample({ clock: viewedUserChosen, target: $chosenUserId });
sample({
  clock: kindFilterChanged,
  source: $filters,
  filter: (filters, kind) => filters.kind !== kind,
  fn: (filters, kind) => ({ ...filters, kind }),
  target: $filters,
});
sample({
  clock: fromDateChanged,
  source: $filters,
  filter: (filters, from) => filters.from !== from,
  fn: (filters, from) => ({ ...filters, from }),
  target: $filters,
});
sample({
  clock: toDateChanged,
  source: $filters,
  filter: (filters, to) => filters.to !== to,
  fn: (filters, to) => ({ ...filters, to }),
  target: $filters,
});
sample({
  clock: [$filters.updates, $chosenUserId.updates],
  source: $page,
  filter: (page) => page.page !== 1,
  fn: (page) => ({ ...page, page: 1 }),
  target: $page,
});
sample({
  clock: ledgerPageChanged,
  source: $page,
  filter: (current, next) => current.page !== next.page || current.pageSize !== next.pageSize,
  fn: (current, next) => (next.pageSize !== current.pageSize ? { page: 1, pageSize: next.pageSize } : next),
  target: $page,
});

// Loading the ledger: on open, on every change of the request, on retry, after a recharge or a correction.
sample({
  clock: [rechargeCenterOpened, $ledgerRequest.updates, ledgerRetryClicked, rechargeFx.done, adjustFx.done],
  source: $ledgerRequest,
  filter: Boolean,
  target: loadLedgerFx,
});
const currentStatement = sample({
  clock: loadLedgerFx.done,
  source: $ledgerRequest,
  filter: (request, { params }) => sameRequest(request, params),
  fn: (_, { result }) => result,
});
sample({ clock: currentStatement, target: $statement });
sample({ clock: currentStatement, fn: () => null, target: $ledgerError });
sample({
  clock: loadLedgerFx.fail,
  source: $ledgerRequest,
  filter: (request, { params }) => sameRequest(request, params),
  fn: (_, { error }) => toFailure(error),
  target: $ledgerError,
});
// Another user's statement is not shown under this one's name while it loads.
sample({ clock: $chosenUserId.updates, fn: () => null, target: $statement });

// The export: the filters on screen, every page.
sample({
  clock: exportClicked,
  source: { userId: $viewedUserId, filters: $filters, exporting: $exporting },
  filter: ({ userId, exporting }) => Boolean(userId) && !exporting,
  fn: ({ userId, filters }) => ({ userId: userId ?? '', query: toFilterQuery(filters) }),
  target: exportLedgerFx,
});

// Loaded with the page: the threshold for everyone (the balance card names it); what admins manage, the
// packages and the user picker, for admins only.
sample({ clock: rechargeCenterOpened, target: loadSettingsFx });
sample({ clock: rechargeCenterOpened, source: $isAdmin, filter: Boolean, target: loadPackagesFx });
sample({ clock: rechargeCenterOpened, source: $isAdmin, filter: Boolean, fn: () => '', target: loadUserOptionsFx });
sample({
  clock: userSearchTyped,
  source: $isAdmin,
  filter: Boolean,
  fn: (_, keyword) => keyword,
  target: loadUserOptionsFx,
});
sample({ clock: loadUserOptionsFx.doneData, target: $userOptions });
sample({ clock: loadPackagesFx.doneData, target: $packages });
sample({ clock: [loadSettingsFx.doneData, saveSettingsFx.doneData], target: $settings });

// Recharging.
sample({ clock: rechargeClicked, fn: () => true, target: $rechargeOpen });
sample({ clock: [rechargeDismissed, rechargeFx.done], fn: () => false, target: $rechargeOpen });
sample({ clock: [rechargeClicked, rechargeDismissed, rechargeFx], fn: () => null, target: $rechargeError });
sample({
  clock: rechargeSubmitted,
  source: $recharging,
  filter: (recharging) => !recharging,
  fn: (_, body) => body,
  target: rechargeFx,
});
sample({ clock: rechargeFx.failData, fn: toFailure, target: $rechargeError });
// The page then shows the ledger of the user just recharged.
sample({ clock: rechargeFx.done, fn: ({ params }) => params.userId, target: $chosenUserId });
sample({
  clock: rechargeFx.doneData,
  fn: (statement) => ({ id: 'users.recharge.done', values: { balance: statement.balance } }),
  target: showSuccessFx,
});

// Correcting the balance on screen.
sample({ clock: adjustClicked, fn: () => true, target: $adjustOpen });
sample({ clock: [adjustDismissed, adjustFx.done, $chosenUserId.updates], fn: () => false, target: $adjustOpen });
sample({ clock: [adjustClicked, adjustDismissed, adjustFx], fn: () => null, target: $adjustError });
sample({
  clock: adjustSubmitted,
  source: { userId: $viewedUserId, adjusting: $adjusting },
  filter: ({ userId, adjusting }) => Boolean(userId) && !adjusting,
  fn: ({ userId }, { amount, remark }) => ({ userId: userId ?? '', amount, remark }),
  target: adjustFx,
});
sample({ clock: adjustFx.failData, fn: toFailure, target: $adjustError });
sample({
  clock: adjustFx.doneData,
  fn: (statement) => ({ id: 'users.recharge.adjust.done', values: { balance: statement.balance } }),
  target: showSuccessFx,
});

// Packages.
sample({ clock: packageAddClicked, fn: () => 'new' as const, target: $packageEditing });
sample({ clock: packageEditClicked, target: $packageEditing });
sample({
  clock: [packageDismissed, createPackageFx.done, updatePackageFx.done],
  fn: () => null,
  target: $packageEditing,
});
sample({
  clock: [packageAddClicked, packageEditClicked, packageDismissed, createPackageFx, updatePackageFx],
  fn: () => null,
  target: $packageError,
});
sample({
  clock: packageSubmitted,
  source: { editing: $packageEditing, saving: $packageSaving },
  filter: ({ editing, saving }) => editing === 'new' && !saving,
  fn: (_, body) => body,
  target: createPackageFx,
});
sample({
  clock: packageSubmitted,
  source: { editing: $packageEditing, saving: $packageSaving },
  filter: ({ editing, saving }) => editing !== null && editing !== 'new' && !saving,
  fn: ({ editing }, body) => ({ id: (editing as CreditPackage).id, body }),
  target: updatePackageFx,
});
sample({ clock: [createPackageFx.failData, updatePackageFx.failData], fn: toFailure, target: $packageError });
sample({ clock: packageDeleteConfirmed, target: deletePackageFx });
sample({ clock: [createPackageFx.done, updatePackageFx.done, deletePackageFx.done], target: loadPackagesFx });

// The low-balance threshold.
sample({ clock: thresholdSubmitted, fn: (lowBalanceThreshold) => ({ lowBalanceThreshold }), target: saveSettingsFx });
sample({ clock: saveSettingsFx.done, fn: () => ({ id: 'users.recharge.threshold.saved' }), target: showSuccessFx });
