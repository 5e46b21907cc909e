import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  createItemLoader,
  toFailure,
  type ActingUser,
  type Case,
  type Failure,
  type UpdateCaseBody,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { NEXT_STATUS, reopenedStatus } from '../../lib/case-status';
import { getCase } from './api/get-case';
import { getConversation, type CaseConversation } from './api/get-conversation';
import { listAssigneeOptions } from './api/list-assignee-options';
import { updateCase } from './api/update-case';

/** Where the conversation panel stands. */
export type ConversationStatus = 'loading' | 'ready' | 'error';

/** One case by the id of its route: loading, shown, not found (404) or failed to load. */
export const caseLoader = createItemLoader<Case>({ fetchOne: getCase, itemKey: (item) => item.id });

/** The detail page was opened for a case id (the route's). */
export const caseDetailOpened = caseLoader.opened;
/** The user asked to load the case again after a failure. */
export const caseDetailRetryClicked = caseLoader.reloadRequested;
/** The user moved the case one step along: new → assigned → in progress → closed. */
export const caseAdvanceClicked = createEvent();
/** The user reopened a closed case. */
export const caseReopenClicked = createEvent();
/** The user gave the case to an agent, or took it back (`null`). */
export const caseAssigneePicked = createEvent<string | null>();
/** The user saved the notes. */
export const caseNotesSaved = createEvent<string>();
/** The user marked the case checked (reviewed), or not. */
export const caseCheckedChanged = createEvent<boolean>();
/** The user asked to load the conversation again after a failure. */
export const conversationRetryClicked = createEvent();

export const loadCaseFx = caseLoader.loadFx;
export const updateCaseFx = createEffect(updateCase);
export const loadConversationFx = createEffect(getConversation);
export const loadAssigneeOptionsFx = createEffect(listAssigneeOptions);

/** The case as the server last answered it: the loaded one, replaced by each update's answer. */
const $updated = createStore<Case | null>(null, { skipVoid: false })
  .on(updateCaseFx.doneData, (_, item) => item)
  .reset(caseDetailOpened, loadCaseFx.done);
export const $case = combine(caseLoader.$item, $updated, (loaded, updated) =>
  loaded && updated && updated.id === loaded.id ? updated : loaded,
);
export const $caseId = caseLoader.$id;
export const $caseStatus = caseLoader.$status;
export const $caseFailure = caseLoader.$failure;

/** Why the last change was refused, until the next one or another case. */
export const $updateFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(updateCaseFx.failData, (_, error) => toFailure(error))
  .reset(caseDetailOpened, updateCaseFx);
/** Which change is on its way (its buttons spin), or none. */
export const $pendingChange = createStore<keyof UpdateCaseBody | null>(null, { skipVoid: false })
  .on(updateCaseFx, (_, { body }) => (Object.keys(body)[0] as keyof UpdateCaseBody | undefined) ?? null)
  .reset(updateCaseFx.finally);

export const $conversation = createStore<CaseConversation | null>(null, { skipVoid: false })
  .on(loadConversationFx.done, (_, { result }) => result)
  .reset(caseDetailOpened);
export const $conversationStatus = createStore<ConversationStatus>('loading')
  .on(loadConversationFx, () => 'loading')
  .on(loadConversationFx.done, () => 'ready')
  .on(loadConversationFx.fail, () => 'error');
export const $conversationFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(loadConversationFx.failData, (_, error) => toFailure(error))
  .reset(loadConversationFx);

/** The users the assignee picker offers; the case's own assignee is kept among them even when not listed. */
const $actingUsers = createStore<ActingUser[]>([]).on(loadAssigneeOptionsFx.doneData, (_, users) => users);
export const $assigneeOptions = combine($actingUsers, $case, (users, item) => {
  const options = users.map(({ id, name }) => ({ id, name }));
  if (item?.assigneeId && !options.some((option) => option.id === item.assigneeId))
    options.push({ id: item.assigneeId, name: item.assigneeName || item.assigneeId });
  return options;
});

// The conversation and the pickers' users load once the case on screen is known to exist (a 404 needs neither).
const caseShown = sample({
  clock: loadCaseFx.done,
  source: $caseId,
  filter: (caseId, { params }) => caseId === params,
  fn: (caseId) => caseId as string,
});
sample({ clock: caseShown, target: [loadConversationFx, loadAssigneeOptionsFx] });
sample({
  clock: conversationRetryClicked,
  source: $caseId,
  filter: (caseId): caseId is string => caseId !== null,
  target: loadConversationFx,
});

/** A change the user asked for, as the body it makes of the case on screen (`null`: nothing to change). */
type ChangeOf = (item: Case) => UpdateCaseBody | null;
const changeAsked = createEvent<ChangeOf>();

sample({
  clock: caseAdvanceClicked,
  fn: (): ChangeOf => (item) => {
    const next = NEXT_STATUS[item.status];
    return next ? { status: next } : null;
  },
  target: changeAsked,
});
sample({
  clock: caseReopenClicked,
  fn: (): ChangeOf => (item) => (item.status === 'closed' ? { status: reopenedStatus(item.assigneeId) } : null),
  target: changeAsked,
});
sample({
  clock: caseAssigneePicked,
  fn:
    (assigneeId): ChangeOf =>
    (item) =>
      item.assigneeId === assigneeId ? null : { assigneeId },
  target: changeAsked,
});
sample({
  clock: caseNotesSaved,
  fn:
    (notes): ChangeOf =>
    () => ({ notes }),
  target: changeAsked,
});
sample({
  clock: caseCheckedChanged,
  fn:
    (checked): ChangeOf =>
    (item) =>
      item.checked === checked ? null : { checked },
  target: changeAsked,
});

// One change at a time, to the case on screen.
sample({
  clock: changeAsked,
  source: { item: $case, pending: $pendingChange },
  filter: ({ item, pending }, bodyOf) => item !== null && pending === null && bodyOf(item) !== null,
  fn: ({ item }, bodyOf) => ({ caseId: item!.id, body: bodyOf(item!)! }),
  target: updateCaseFx,
});

sample({
  clock: updateCaseFx.done,
  source: $caseId,
  filter: (caseId, { params }) => caseId === params.caseId && 'notes' in params.body,
  fn: () => ({ id: 'cases.detail.notesSaved' }),
  target: showSuccessFx,
});
