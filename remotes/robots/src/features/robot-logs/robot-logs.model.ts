import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type CompletionLog,
  type Failure,
  type FeedbackValue,
  type ListRobotCompletionsQuery,
  type RobotSession,
  type RobotSessionsBody,
  type TraceStep,
} from '@flotilla/shared';
import type { RobotRef } from '../../lib/robot-ref';
import { getAnswer } from './api/get-answer';
import { listAnswers } from './api/list-answers';
import { listSessions } from './api/list-sessions';
import { setAnswerChecked } from './api/set-answer-checked';

export const SESSIONS_PAGE_SIZE = 10;
export const ANSWERS_PAGE_SIZE = 20;

/** The answer filters on screen; `null` is no filter. */
export type AnswerFilters = { sessionId: string | null; feedback: FeedbackValue | null; checked: boolean | null };

/** The robot's chat sessions, newest activity first, paged on the server. */
export const sessionList = createPagedList<RobotSessionsBody, RobotSession>({
  fetchPage: listSessions,
  itemKey: (session) => session.sessionId,
  pageSize: SESSIONS_PAGE_SIZE,
});
/** The robot's answers, newest first, filtered and paged on the server. */
export const answerList = createPagedList<ListRobotCompletionsQuery, CompletionLog>({
  fetchPage: listAnswers,
  itemKey: (answer) => answer.id,
  pageSize: ANSWERS_PAGE_SIZE,
});

/** The logs tab was opened for a robot: its sessions and answers load, unfiltered. */
export const logsOpened = createEvent<RobotRef>();
/** The user picked a session to see its answers only (`null`: every session). */
export const logSessionPicked = createEvent<string | null>();
/** The feedback filter changed (`null`: any feedback or none). */
export const answerFeedbackFilterChanged = createEvent<FeedbackValue | null>();
/** The checked filter changed (`null`: checked or not). */
export const answerCheckedFilterChanged = createEvent<boolean | null>();
/** The user opened an answer's details. */
export const answerOpened = createEvent<CompletionLog>();
/** The details were closed. */
export const answerClosed = createEvent();
/** A reviewer marked an answer checked, or not. */
export const answerCheckedToggled = createEvent<{ id: string; checked: boolean }>();

export const loadAnswerFx = createEffect(getAnswer);
export const setAnswerCheckedFx = createEffect(setAnswerChecked);

/** The answer filters on screen. */
export const $answerFilters = answerList.$query.map((query): AnswerFilters => ({
  sessionId: query.sessionId ?? null,
  feedback: query.feedback ?? null,
  checked: query.checked ?? null,
}));
/** The answer whose details are open: the row at once, then the server's copy. */
export const $openAnswer = createStore<CompletionLog | null>(null, { skipVoid: false })
  .on(answerOpened, (_, answer) => answer)
  .reset(answerClosed, logsOpened);
export const $openAnswerLoading = loadAnswerFx.pending;
/** What each node of the flow did for the open answer (empty until the server's copy is in, or without a flow). */
export const $openTrace = createStore<TraceStep[]>([]).reset(answerOpened, answerClosed, logsOpened);
/** Why the details could not be loaded (the row's copy stays on screen). */
export const $openAnswerFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(loadAnswerFx.failData, (_, error) => toFailure(error))
  .reset(answerOpened, answerClosed, logsOpened);
/** Checked states changed since the page loaded, by answer id (the page keeps its rows). */
export const $checkedChanges = createStore<Record<string, boolean>>({}).reset(answerList.loadPageFx.done, logsOpened);
export const $checkingIds = createStore<string[]>([])
  .on(setAnswerCheckedFx, (ids, { id }) => [...ids, id])
  .on(setAnswerCheckedFx.finally, (ids, { params }) => ids.filter((id) => id !== params.id));
/** Why an answer's checked state was not changed, until the next change. */
export const $checkFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(setAnswerCheckedFx.failData, (_, error) => toFailure(error))
  .reset(answerCheckedToggled, logsOpened);

// Opening loads the robot's first pages. The lists only ask the server once the query names the
// robot; a query already for this robot (the same robot opened again) just loads again.
sample({
  clock: logsOpened,
  source: sessionList.$query,
  filter: (query, robot) => query.processId !== robot.processId,
  fn: (_, robot) => ({ processId: robot.processId }),
  target: sessionList.filtersChanged,
});
sample({
  clock: logsOpened,
  source: sessionList.$query,
  filter: (query, robot) => query.processId === robot.processId,
  target: sessionList.reloadRequested,
});
const unfilteredFor = (query: ListRobotCompletionsQuery, processId: string) =>
  query.processId === processId &&
  query.sessionId === undefined &&
  query.feedback === undefined &&
  query.checked === undefined;
sample({
  clock: logsOpened,
  source: answerList.$query,
  filter: (query, robot) => !unfilteredFor(query, robot.processId),
  fn: (_, robot) => ({ processId: robot.processId, sessionId: null, feedback: null, checked: null }),
  target: answerList.filtersChanged,
});
sample({
  clock: logsOpened,
  source: answerList.$query,
  filter: (query, robot) => unfilteredFor(query, robot.processId),
  target: answerList.reloadRequested,
});

sample({ clock: logSessionPicked, fn: (sessionId) => ({ sessionId }), target: answerList.filtersChanged });
sample({ clock: answerFeedbackFilterChanged, fn: (feedback) => ({ feedback }), target: answerList.filtersChanged });
sample({ clock: answerCheckedFilterChanged, fn: (checked) => ({ checked }), target: answerList.filtersChanged });

sample({ clock: answerOpened, fn: (answer) => answer.id, target: loadAnswerFx });
const openAnswerLoaded = sample({
  clock: loadAnswerFx.done,
  source: $openAnswer,
  filter: (open, { params }) => open?.id === params,
  fn: (_, { result }) => result,
});
sample({ clock: openAnswerLoaded, fn: ({ trace: _, ...answer }): CompletionLog => answer, target: $openAnswer });
sample({ clock: openAnswerLoaded, fn: ({ trace }) => trace, target: $openTrace });

sample({
  clock: answerCheckedToggled,
  source: $checkingIds,
  filter: (ids, { id }) => !ids.includes(id),
  fn: (_, change) => change,
  target: setAnswerCheckedFx,
});
sample({
  clock: setAnswerCheckedFx.done,
  source: $checkedChanges,
  fn: (changes, { params, result }) => ({ ...changes, [params.id]: result.checked }),
  target: $checkedChanges,
});
sample({
  clock: setAnswerCheckedFx.done,
  source: $openAnswer,
  filter: (open, { params }) => open?.id === params.id,
  fn: (open, { result }) => ({ ...(open as CompletionLog), checked: result.checked }),
  target: $openAnswer,
});
