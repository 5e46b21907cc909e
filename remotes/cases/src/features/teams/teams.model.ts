import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type CaseSalePhone,
  type CaseTeam,
  type Failure,
  type ListCaseSalePhonesQuery,
  type ListCaseTeamsQuery,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { addSalePhone } from './api/add-sale-phone';
import { deleteSalePhone } from './api/delete-sale-phone';
import { deleteTeam } from './api/delete-team';
import { exportTeam } from './api/export-team';
import { listMemberOptions } from './api/list-member-options';
import { listSalePhones } from './api/list-sale-phones';
import { listTeamRobotOptions } from './api/list-team-robot-options';
import { listTeams } from './api/list-teams';
import { saveTeam, type TeamDraft } from './api/save-team';
import { setSubscription, type SubscriptionChange } from './api/set-subscription';

export const TEAMS_PAGE_SIZE = 10;
export const PHONES_PAGE_SIZE = 10;

/** A choice of a picker: an id and what the user reads. */
export type PickerOption = { id: string; name: string };

/** The team editor: closed, creating a team, or editing one. */
export type TeamEditor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; team: CaseTeam };

/** The teams the caller may see (an agent, its own), searched by name and paged on the server. */
export const teamList = createPagedList<ListCaseTeamsQuery, CaseTeam>({
  fetchPage: listTeams,
  itemKey: (team) => team.id,
  deleteItem: deleteTeam,
  pageSize: TEAMS_PAGE_SIZE,
});

/** The tenant's phone whitelist, searched by digits and paged on the server (operators only). */
export const phoneList = createPagedList<ListCaseSalePhonesQuery, CaseSalePhone>({
  fetchPage: listSalePhones,
  itemKey: (phone) => phone.id,
  deleteItem: deleteSalePhone,
  pageSize: PHONES_PAGE_SIZE,
});

/** The teams page was opened (by an operator when `manage`: the pickers and the whitelist load too). */
export const teamsPageOpened = createEvent<{ manage: boolean }>();
/** The user asked for a new team. */
export const teamCreateClicked = createEvent();
/** The user asked to edit a team. */
export const teamEditClicked = createEvent<CaseTeam>();
/** The user closed the editor without saving. */
export const teamEditorDismissed = createEvent();
/** The user saved the editor. */
export const teamSubmitted = createEvent<Omit<TeamDraft, 'teamId'>>();
/** The user turned a team's subscription to a robot on or off. */
export const subscriptionToggled = createEvent<SubscriptionChange>();
/** The user asked for a team's cases as a file. */
export const teamExportClicked = createEvent<CaseTeam>();
/** The user typed in the whitelist's phone box. */
export const phoneDraftChanged = createEvent<string>();
/** The user asked to add the typed phone to the whitelist. */
export const phoneSubmitted = createEvent();

export const loadMemberOptionsFx = createEffect(listMemberOptions);
export const loadRobotOptionsFx = createEffect(listTeamRobotOptions);
export const saveTeamFx = createEffect<TeamDraft, CaseTeam>(saveTeam);
export const setSubscriptionFx = createEffect(setSubscription);
export const exportTeamFx = createEffect(exportTeam);
export const addPhoneFx = createEffect(addSalePhone);

export const $memberOptions = createStore<PickerOption[]>([]).on(loadMemberOptionsFx.doneData, (_, users) => users);
export const $robotOptions = createStore<PickerOption[]>([]).on(loadRobotOptionsFx.doneData, (_, robots) => robots);

export const $editor = createStore<TeamEditor>({ mode: 'closed' })
  .on(teamCreateClicked, () => ({ mode: 'create' }))
  .on(teamEditClicked, (_, team) => ({ mode: 'edit', team }))
  .reset(teamEditorDismissed, saveTeamFx.done);
export const $saving = saveTeamFx.pending;
/** Why the last save failed; cleared when the editor opens again. */
export const $saveFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(saveTeamFx.failData, (_, error) => toFailure(error))
  .reset(teamCreateClicked, teamEditClicked, teamEditorDismissed, saveTeamFx.done);

/** Subscriptions on their way, as `teamId/processId`: their switches wait. */
export const $togglingKeys = createStore<string[]>([])
  .on(setSubscriptionFx, (keys, { teamId, processId }) => [...keys, `${teamId}/${processId}`])
  .on(setSubscriptionFx.finally, (keys, { params }) =>
    keys.filter((key) => key !== `${params.teamId}/${params.processId}`),
  );
/** The last failed action of the page (a subscription, an export, a deletion); cleared by the next success. */
export const $actionFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([setSubscriptionFx.failData, exportTeamFx.failData, teamList.deleteItemFx.failData], (_, error) =>
    toFailure(error),
  )
  .reset(setSubscriptionFx.done, exportTeamFx.done, teamList.deleteItemFx.done);
export const $exportingId = createStore<string | null>(null, { skipVoid: false })
  .on(exportTeamFx, (_, teamId) => teamId)
  .reset(exportTeamFx.finally);

/** What the whitelist accepts: digits with an optional leading +, spaces and dashes allowed between. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]*$/;

export const $addingPhone = addPhoneFx.pending;
/** The phone typed in the whitelist's box; emptied once it was added. */
export const $phoneDraft = createStore('')
  .on(phoneDraftChanged, (_, text) => text)
  .reset(addPhoneFx.done);
/** True when the typed phone is not one: shown until the user types again. */
export const $phoneInvalid = createStore(false)
  .on(phoneSubmitted, () => false)
  .reset(phoneDraftChanged);
/** Why the last phone was refused; cleared by the next try. */
export const $phoneFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(addPhoneFx.failData, (_, error) => toFailure(error))
  .reset(addPhoneFx, addPhoneFx.done);

sample({ clock: teamsPageOpened, target: teamList.pageOpened });
sample({
  clock: teamsPageOpened,
  filter: ({ manage }) => manage,
  target: [loadMemberOptionsFx, loadRobotOptionsFx, phoneList.pageOpened],
});

sample({
  clock: teamSubmitted,
  source: $editor,
  filter: (editor) => editor.mode !== 'closed',
  fn: (editor, draft): TeamDraft => ({ ...draft, teamId: editor.mode === 'edit' ? editor.team.id : null }),
  target: saveTeamFx,
});
sample({ clock: saveTeamFx.done, target: teamList.reloadRequested });
sample({
  clock: saveTeamFx.done,
  fn: ({ params }) => ({ id: params.teamId ? 'cases.teams.saved' : 'cases.teams.created' }),
  target: showSuccessFx,
});

sample({
  clock: subscriptionToggled,
  source: $togglingKeys,
  filter: (keys, change) => !keys.includes(`${change.teamId}/${change.processId}`),
  fn: (_, change) => change,
  target: setSubscriptionFx,
});
sample({ clock: [setSubscriptionFx.finally, teamList.deleteItemFx.done], target: teamList.reloadRequested });

sample({
  clock: teamExportClicked,
  source: $exportingId,
  filter: (busy) => busy === null,
  fn: (_, team) => team.id,
  target: exportTeamFx,
});

sample({
  clock: phoneSubmitted,
  source: { busy: $addingPhone, draft: $phoneDraft },
  filter: ({ busy, draft }) => !busy && PHONE_PATTERN.test(draft.trim()),
  fn: ({ draft }) => draft.trim(),
  target: addPhoneFx,
});
sample({
  clock: phoneSubmitted,
  source: $phoneDraft,
  filter: (draft) => !PHONE_PATTERN.test(draft.trim()),
  fn: () => true,
  target: $phoneInvalid,
});
sample({ clock: addPhoneFx.done, target: phoneList.reloadRequested });
