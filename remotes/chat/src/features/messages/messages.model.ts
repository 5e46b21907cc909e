import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Citation, type Failure, type FeedbackValue } from '@flotilla/shared';
import { chatKeyOf, type ChatKey, type ChatTarget } from '../chat/chat-target';
import { updateKeyed, type Keyed } from '../chat/lib/keyed';
import { draftSessionFound, sessionActivated } from '../sessions/sessions.model';
import { deleteCompletion } from './api/delete-completion';
import { listCompletions } from './api/list-completions';
import { sendFeedback } from './api/send-feedback';
import { pairOf, type ChatPair } from './lib/pairs';

/** The conversation on screen in one chat: the active session's pairs, oldest first. */
export type ConversationState = {
  /** `null`: a new conversation, not saved until its first answer. */
  sessionId: string | null;
  pairs: ChatPair[];
  /** Pairs of the session on the server, and how many of the newest of them are here (the next offset). */
  total: number;
  offset: number;
  status: 'loading' | 'ready' | 'error';
  olderLoading: boolean;
  /** Completion ids whose deletion is on its way. */
  deletingIds: string[];
  /** Why the messages did not load (`status: 'error'`). */
  failure: Failure | null;
  /** A failed action on a pair (older page, delete, feedback), shown until dismissed or the next one. */
  notice: Failure | null;
};

export const INITIAL_CONVERSATION: ConversationState = {
  sessionId: null,
  pairs: [],
  total: 0,
  offset: 0,
  status: 'ready',
  olderLoading: false,
  deletingIds: [],
  failure: null,
  notice: null,
};

/** How an answer ended. */
export type AnswerOutcome =
  | { kind: 'done'; completionId: string; sessionId: string; citations: Citation[] }
  | { kind: 'stopped' }
  | { kind: 'error'; failure: Failure };

/** The chatter scrolled to the top (or pressed "Earlier messages"): the previous page of the session. */
export const olderMessagesRequested = createEvent<ChatTarget>();
/** The chatter asked for the messages again after a failure. */
export const messagesRetryClicked = createEvent<ChatTarget>();
/** The chatter confirmed deleting a question and its answer. */
export const deletePairConfirmed = createEvent<{ target: ChatTarget; localId: string }>();
/** The chatter liked or disliked an answer (`null` takes it back), with an optional comment. */
export const feedbackGiven = createEvent<{
  target: ChatTarget;
  id: string;
  feedback: FeedbackValue | null;
  text: string;
}>();
/** The chatter closed the notice of a failed action. */
export const noticeDismissed = createEvent<ChatTarget>();

/** A question was sent: its pair joins the conversation, the answer still to come. */
export const questionAsked = createEvent<{ key: ChatKey; pair: ChatPair }>();
/** Another piece of an answer arrived. */
export const answerDeltaReceived = createEvent<{ key: ChatKey; localId: string; text: string }>();
/** An answer ended: done (with its completion id), stopped, or failed. */
export const answerEnded = createEvent<{ key: ChatKey; localId: string; outcome: AnswerOutcome }>();

export const loadCompletionsFx = createEffect(
  ({ target, sessionId, offset }: { target: ChatTarget; sessionId: string; offset: number }) =>
    listCompletions(target, sessionId, offset),
);
export const deleteCompletionFx = createEffect(
  ({ target, sessionId, id }: { target: ChatTarget; sessionId: string; id: string }) =>
    deleteCompletion(target, sessionId, id),
);
export const sendFeedbackFx = createEffect(
  ({ target, id, feedback, text }: { target: ChatTarget; id: string; feedback: FeedbackValue | null; text: string }) =>
    sendFeedback(target, id, feedback, text),
);

export const $conversations = createStore<Keyed<ConversationState>>({});

const stateOf = (all: Keyed<ConversationState>, target: ChatTarget) => all[chatKeyOf(target)] ?? INITIAL_CONVERSATION;
const update = (all: Keyed<ConversationState>, key: ChatKey, change: (state: ConversationState) => ConversationState) =>
  updateKeyed(all, key, INITIAL_CONVERSATION, change);
const updatePair = (
  state: ConversationState,
  localId: string,
  change: (pair: ChatPair) => ChatPair,
): ConversationState => ({
  ...state,
  pairs: state.pairs.map((pair) => (pair.localId === localId ? change(pair) : pair)),
});

// Another session on screen: a new one is empty, a saved one loads its newest page.
sample({
  clock: sessionActivated,
  source: $conversations,
  fn: (all, { target, sessionId, empty }) =>
    update(all, chatKeyOf(target), () => ({
      ...INITIAL_CONVERSATION,
      sessionId,
      status: empty || sessionId === null ? 'ready' : 'loading',
    })),
  target: $conversations,
});
// What is on screen stays: the pairs already shown are the session's.
sample({
  clock: draftSessionFound,
  source: $conversations,
  fn: (all, { target, sessionId }) =>
    update(all, chatKeyOf(target), (state) => (state.sessionId === null ? { ...state, sessionId } : state)),
  target: $conversations,
});
sample({
  clock: sessionActivated,
  filter: ({ sessionId, empty }) => sessionId !== null && !empty,
  fn: ({ target, sessionId }) => ({ target, sessionId: sessionId as string, offset: 0 }),
  target: loadCompletionsFx,
});
sample({
  clock: messagesRetryClicked,
  source: $conversations,
  filter: (all, target) => stateOf(all, target).status === 'error' && stateOf(all, target).sessionId !== null,
  fn: (all, target) => ({ target, sessionId: stateOf(all, target).sessionId as string, offset: 0 }),
  target: loadCompletionsFx,
});
sample({
  clock: olderMessagesRequested,
  source: $conversations,
  filter: (all, target) => {
    const state = stateOf(all, target);
    return state.status === 'ready' && state.sessionId !== null && !state.olderLoading && state.offset < state.total;
  },
  fn: (all, target) => ({
    target,
    sessionId: stateOf(all, target).sessionId as string,
    offset: stateOf(all, target).offset,
  }),
  target: loadCompletionsFx,
});
sample({
  clock: loadCompletionsFx,
  source: $conversations,
  fn: (all, { target, offset }) =>
    update(all, chatKeyOf(target), (state) =>
      offset === 0 ? { ...state, status: 'loading', failure: null } : { ...state, olderLoading: true, notice: null },
    ),
  target: $conversations,
});
sample({
  clock: loadCompletionsFx.done,
  source: $conversations,
  // Only the session still on screen takes the answer.
  filter: (all, { params }) => stateOf(all, params.target).sessionId === params.sessionId,
  fn: (all, { params: { target, offset }, result }) =>
    update(all, chatKeyOf(target), (state) => {
      // The server answers newest first; the chat shows oldest first.
      const page = result.list.map(pairOf).reverse();
      if (offset === 0)
        return { ...state, pairs: page, total: result.total, offset: result.list.length, status: 'ready' };
      const known = new Set(state.pairs.map((pair) => pair.id));
      return {
        ...state,
        pairs: [...page.filter((pair) => !known.has(pair.id)), ...state.pairs],
        total: result.total,
        offset: state.offset + result.list.length,
        olderLoading: false,
      };
    }),
  target: $conversations,
});
sample({
  clock: loadCompletionsFx.fail,
  source: $conversations,
  filter: (all, { params }) => stateOf(all, params.target).sessionId === params.sessionId,
  fn: (all, { params: { target, offset }, error }) =>
    update(all, chatKeyOf(target), (state) =>
      offset === 0
        ? { ...state, status: 'error', failure: toFailure(error) }
        : { ...state, olderLoading: false, notice: toFailure(error) },
    ),
  target: $conversations,
});

// Deleting a pair: the server first; only then, and only for a pair with an id, locally: a pair never disappears before it is really gone.
sample({
  clock: deletePairConfirmed,
  source: $conversations,
  filter: (all, { target, localId }) => {
    const state = stateOf(all, target);
    const pair = state.pairs.find((p) => p.localId === localId);
    return state.sessionId !== null && pair?.id != null && !state.deletingIds.includes(pair.id);
  },
  fn: (all, { target, localId }) => {
    const state = stateOf(all, target);
    return {
      target,
      sessionId: state.sessionId as string,
      id: state.pairs.find((p) => p.localId === localId)?.id as string,
    };
  },
  target: deleteCompletionFx,
});
sample({
  clock: deleteCompletionFx,
  source: $conversations,
  fn: (all, { target, id }) =>
    update(all, chatKeyOf(target), (state) => ({ ...state, deletingIds: [...state.deletingIds, id], notice: null })),
  target: $conversations,
});
sample({
  clock: deleteCompletionFx.done,
  source: $conversations,
  fn: (all, { params: { target, id } }) =>
    update(all, chatKeyOf(target), (state) => {
      const had = state.pairs.some((pair) => pair.id === id);
      return {
        ...state,
        pairs: state.pairs.filter((pair) => pair.id !== id),
        deletingIds: state.deletingIds.filter((deleting) => deleting !== id),
        total: had ? Math.max(0, state.total - 1) : state.total,
        offset: had ? Math.max(0, state.offset - 1) : state.offset,
      };
    }),
  target: $conversations,
});
sample({
  clock: deleteCompletionFx.fail,
  source: $conversations,
  fn: (all, { params: { target, id }, error }) =>
    update(all, chatKeyOf(target), (state) => ({
      ...state,
      deletingIds: state.deletingIds.filter((deleting) => deleting !== id),
      notice: toFailure(error),
    })),
  target: $conversations,
});

sample({ clock: feedbackGiven, target: sendFeedbackFx });
sample({
  clock: sendFeedbackFx.done,
  source: $conversations,
  fn: (all, { params: { target, id }, result }) =>
    update(all, chatKeyOf(target), (state) => ({
      ...state,
      notice: null,
      pairs: state.pairs.map((pair) =>
        pair.id === id ? { ...pair, feedback: result.feedback, feedbackText: result.feedbackText } : pair,
      ),
    })),
  target: $conversations,
});
sample({
  clock: sendFeedbackFx.fail,
  source: $conversations,
  fn: (all, { params: { target }, error }) =>
    update(all, chatKeyOf(target), (state) => ({ ...state, notice: toFailure(error) })),
  target: $conversations,
});
sample({
  clock: noticeDismissed,
  source: $conversations,
  fn: (all, target) => update(all, chatKeyOf(target), (state) => ({ ...state, notice: null })),
  target: $conversations,
});

// The answer being asked for.
sample({
  clock: questionAsked,
  source: $conversations,
  fn: (all, { key, pair }) => update(all, key, (state) => ({ ...state, pairs: [...state.pairs, pair], notice: null })),
  target: $conversations,
});
sample({
  clock: answerDeltaReceived,
  source: $conversations,
  fn: (all, { key, localId, text }) =>
    update(all, key, (state) => updatePair(state, localId, (pair) => ({ ...pair, answer: pair.answer + text }))),
  target: $conversations,
});
sample({
  clock: answerEnded,
  source: $conversations,
  fn: (all, { key, localId, outcome }) =>
    update(all, key, (state) => {
      if (!state.pairs.some((pair) => pair.localId === localId)) return state;
      const ended = updatePair(state, localId, (pair) => {
        if (outcome.kind === 'done')
          return { ...pair, id: outcome.completionId, citations: outcome.citations, status: 'done' };
        if (outcome.kind === 'stopped') return { ...pair, status: 'stopped' };
        return { ...pair, status: 'error', failure: outcome.failure };
      });
      if (outcome.kind !== 'done') return ended;
      // A saved answer counts among the session's pairs on the server; a new conversation now has its session.
      return {
        ...ended,
        sessionId: ended.sessionId ?? outcome.sessionId,
        total: ended.total + 1,
        offset: ended.offset + 1,
      };
    }),
  target: $conversations,
});
