import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type ChatSession, type Failure } from '@flotilla/shared';
import { chatKeyOf, type ChatTarget } from '../chat/chat-target';
import { updateKeyed, type Keyed } from '../chat/lib/keyed';
import { createSession } from './api/create-session';
import { listSessions } from './api/list-sessions';
import { renameSession } from './api/rename-session';
import { titleFrom } from './lib/title';

/** A chatter's sessions with one robot, newest activity first, and the one on screen. */
export type SessionsState = {
  list: ChatSession[];
  total: number;
  /** The first page: not asked yet, on its way, shown, or failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  moreLoading: boolean;
  /** The session on screen; `null` is a new conversation that its first question will save. */
  activeId: string | null;
  creating: boolean;
  /** Why the last request of the list failed (first page, more, new chat, rename); cleared by the next. */
  failure: Failure | null;
};

export const INITIAL_SESSIONS: SessionsState = {
  list: [],
  total: 0,
  status: 'idle',
  moreLoading: false,
  activeId: null,
  creating: false,
  failure: null,
};

/** A chat view appeared for this chatter: the sessions load unless they are on screen already. */
export const conversationOpened = createEvent<ChatTarget>();
/** The chatter asked for the sessions again after a failure. */
export const sessionsRetryClicked = createEvent<ChatTarget>();
/** The chatter reached the end of the list and asked for more. */
export const moreSessionsClicked = createEvent<ChatTarget>();
/** The chatter pressed "New chat". */
export const newChatClicked = createEvent<ChatTarget>();
/** The chatter picked a session of the list. */
export const sessionClicked = createEvent<{ target: ChatTarget; sessionId: string }>();
/** The chatter confirmed a new title. */
export const renameSubmitted = createEvent<{ target: ChatTarget; sessionId: string; title: string }>();
/**
 * An answer was stored in a session: it moves to the top (newest activity first); a session the
 * question created (none was sent) is added there and stays on screen.
 */
export const questionAnswered = createEvent<{
  target: ChatTarget;
  sessionId: string;
  question: string;
  created: boolean;
  at: string;
}>();
/**
 * A new conversation's first answer did not finish (stopped, or broke off): the server saved its
 * session, which the chat never heard of. The list is asked again to find it.
 */
export const draftAnswerInterrupted = createEvent<ChatTarget>();
/** The session of a new conversation was found on the server: the conversation on screen is that session. */
export const draftSessionFound = createEvent<{ target: ChatTarget; sessionId: string }>();
/** Another session is on screen: `empty` ones (new) need no messages from the server; `null` is a new conversation. */
export const sessionActivated = createEvent<{ target: ChatTarget; sessionId: string | null; empty: boolean }>();

/** The session on screen before the page was left (kept in the browser) is on screen again. */
export const activeSessionRestored = createEvent<{ target: ChatTarget; sessionId: string }>();
/** The session on screen no longer exists on the server (deleted elsewhere): a new conversation takes its place. */
export const activeSessionGone = createEvent<{ target: ChatTarget; sessionId: string }>();

export const refreshSessionsFx = createEffect((target: ChatTarget) => listSessions(target, 0));
export const loadSessionsFx = createEffect(({ target, offset }: { target: ChatTarget; offset: number }) =>
  listSessions(target, offset),
);
export const createSessionFx = createEffect((target: ChatTarget) => createSession(target));
export const renameSessionFx = createEffect(
  ({ target, sessionId, title }: { target: ChatTarget; sessionId: string; title: string }) =>
    renameSession(target, sessionId, title),
);

export const $sessions = createStore<Keyed<SessionsState>>({});

const stateOf = (all: Keyed<SessionsState>, target: ChatTarget) => all[chatKeyOf(target)] ?? INITIAL_SESSIONS;
const update = (all: Keyed<SessionsState>, target: ChatTarget, change: (state: SessionsState) => SessionsState) =>
  updateKeyed(all, chatKeyOf(target), INITIAL_SESSIONS, change);
/** `list` with `session` first and no other copy of it. */
const onTop = (list: ChatSession[], session: ChatSession) => [
  session,
  ...list.filter((s) => s.sessionId !== session.sessionId),
];

sample({
  clock: [conversationOpened, sessionsRetryClicked],
  source: $sessions,
  filter: (all, target) => ['idle', 'error'].includes(stateOf(all, target).status),
  fn: (_, target) => ({ target, offset: 0 }),
  target: loadSessionsFx,
});
sample({
  clock: moreSessionsClicked,
  source: $sessions,
  filter: (all, target) => {
    const state = stateOf(all, target);
    return state.status === 'ready' && !state.moreLoading && state.list.length < state.total;
  },
  fn: (all, target) => ({ target, offset: stateOf(all, target).list.length }),
  target: loadSessionsFx,
});
sample({
  clock: loadSessionsFx,
  source: $sessions,
  fn: (all, { target, offset }) =>
    update(all, target, (state) =>
      offset === 0 ? { ...state, status: 'loading', failure: null } : { ...state, moreLoading: true, failure: null },
    ),
  target: $sessions,
});
sample({
  clock: loadSessionsFx.done,
  source: $sessions,
  fn: (all, { params: { target, offset }, result }) =>
    update(all, target, (state) => {
      const known = new Set(result.list.map((session) => session.sessionId));
      // Sessions added here while the page was on its way stay on top; a later page only appends.
      const list =
        offset === 0
          ? [...state.list.filter((session) => !known.has(session.sessionId)), ...result.list]
          : [
              ...state.list,
              ...result.list.filter((session) => !state.list.some((s) => s.sessionId === session.sessionId)),
            ];
      return { ...state, list, total: Math.max(result.total, list.length), status: 'ready', moreLoading: false };
    }),
  target: $sessions,
});
sample({
  clock: loadSessionsFx.fail,
  source: $sessions,
  fn: (all, { params: { target, offset }, error }) =>
    update(all, target, (state) => ({
      ...state,
      status: offset === 0 ? 'error' : state.status,
      moreLoading: false,
      failure: toFailure(error),
    })),
  target: $sessions,
});

sample({
  clock: newChatClicked,
  source: $sessions,
  filter: (all, target) => !stateOf(all, target).creating,
  fn: (_, target) => target,
  target: createSessionFx,
});
sample({
  clock: createSessionFx,
  source: $sessions,
  fn: (all, target) => update(all, target, (state) => ({ ...state, creating: true, failure: null })),
  target: $sessions,
});
// A new chat goes to the top of the history and is made active.
sample({
  clock: createSessionFx.done,
  source: $sessions,
  fn: (all, { params: target, result }) =>
    update(all, target, (state) => ({
      ...state,
      list: onTop(state.list, result),
      total: state.total + 1,
      activeId: result.sessionId,
      creating: false,
    })),
  target: $sessions,
});
sample({
  clock: createSessionFx.done,
  fn: ({ params: target, result }) => ({ target, sessionId: result.sessionId, empty: true }),
  target: sessionActivated,
});
sample({
  clock: createSessionFx.fail,
  source: $sessions,
  fn: (all, { params: target, error }) =>
    update(all, target, (state) => ({ ...state, creating: false, failure: toFailure(error) })),
  target: $sessions,
});

/** The chatter picked a session other than the one on screen. */
const sessionSwitched = sample({
  clock: sessionClicked,
  source: $sessions,
  filter: (all, { target, sessionId }) => stateOf(all, target).activeId !== sessionId,
  fn: (_, clicked) => clicked,
});
sample({
  clock: sessionSwitched,
  source: $sessions,
  fn: (all, { target, sessionId }) => update(all, target, (state) => ({ ...state, activeId: sessionId })),
  target: $sessions,
});
sample({
  clock: sessionSwitched,
  fn: ({ target, sessionId }) => ({ target, sessionId, empty: false }),
  target: sessionActivated,
});

sample({
  clock: renameSubmitted,
  filter: ({ title }) => title.trim() !== '',
  fn: ({ target, sessionId, title }) => ({ target, sessionId, title: title.trim() }),
  target: renameSessionFx,
});
sample({
  clock: renameSessionFx,
  source: $sessions,
  fn: (all, { target }) => update(all, target, (state) => ({ ...state, failure: null })),
  target: $sessions,
});
sample({
  clock: renameSessionFx.done,
  source: $sessions,
  fn: (all, { params: { target }, result }) =>
    update(all, target, (state) => ({
      ...state,
      list: state.list.map((session) =>
        session.sessionId === result.sessionId ? { ...session, title: result.title } : session,
      ),
    })),
  target: $sessions,
});
sample({
  clock: renameSessionFx.fail,
  source: $sessions,
  fn: (all, { params: { target }, error }) => update(all, target, (state) => ({ ...state, failure: toFailure(error) })),
  target: $sessions,
});

sample({
  clock: questionAnswered,
  source: $sessions,
  fn: (all, { target, sessionId, question, created, at }) =>
    update(all, target, (state) => {
      const existing = state.list.find((session) => session.sessionId === sessionId);
      const session: ChatSession = existing
        ? { ...existing, title: existing.title || titleFrom(question), updatedAt: at }
        : {
            sessionId,
            title: titleFrom(question),
            topic: '',
            chatCompletionType: '',
            processId: '',
            createdAt: at,
            updatedAt: at,
          };
      return {
        ...state,
        list: onTop(state.list, session),
        total: existing ? state.total : state.total + 1,
        activeId: created && state.activeId === null ? sessionId : state.activeId,
      };
    }),
  target: $sessions,
});

sample({ clock: draftAnswerInterrupted, target: refreshSessionsFx });
/** The first page again: the sessions not in the list yet, and the one a new conversation on screen became. */
const sessionsRefreshed = sample({
  clock: refreshSessionsFx.done,
  source: $sessions,
  fn: (all, { params: target, result }) => {
    const state = stateOf(all, target);
    const fresh = result.list.filter((session) => !state.list.some((known) => known.sessionId === session.sessionId));
    return {
      target,
      fresh,
      total: result.total,
      adopted: state.activeId === null ? (fresh[0]?.sessionId ?? null) : null,
    };
  },
});
sample({
  clock: sessionsRefreshed,
  source: $sessions,
  fn: (all, { target, fresh, total, adopted }) =>
    update(all, target, (state) => {
      const list = [...fresh, ...state.list];
      return { ...state, list, total: Math.max(total, list.length), activeId: adopted ?? state.activeId };
    }),
  target: $sessions,
});
sample({
  clock: sessionsRefreshed,
  filter: ({ adopted }) => adopted !== null,
  fn: ({ target, adopted }) => ({ target, sessionId: adopted as string }),
  target: draftSessionFound,
});

sample({
  clock: activeSessionRestored,
  source: $sessions,
  fn: (all, { target, sessionId }) => update(all, target, (state) => ({ ...state, activeId: sessionId })),
  target: $sessions,
});
sample({
  clock: activeSessionRestored,
  fn: ({ target, sessionId }) => ({ target, sessionId, empty: false }),
  target: sessionActivated,
});

/** The session that is gone was the one on screen. */
const activeGone = sample({
  clock: activeSessionGone,
  source: $sessions,
  filter: (all, { target, sessionId }) => stateOf(all, target).activeId === sessionId,
  fn: (_, gone) => gone,
});
sample({
  clock: activeGone,
  source: $sessions,
  fn: (all, { target, sessionId }) =>
    update(all, target, (state) => {
      const list = state.list.filter((session) => session.sessionId !== sessionId);
      return { ...state, list, total: state.total - (state.list.length - list.length), activeId: null };
    }),
  target: $sessions,
});
sample({ clock: activeGone, fn: ({ target }) => ({ target, sessionId: null, empty: true }), target: sessionActivated });
