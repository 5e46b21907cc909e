import { createEffect, createEvent, sample } from 'effector';
import { HttpError } from '@flotilla/shared';
import { chatKeyOf, type ChatTarget } from '../chat/chat-target';
import type { Keyed } from '../chat/lib/keyed';
import {
  $conversations,
  INITIAL_CONVERSATION,
  loadCompletionsFx,
  type ConversationState,
} from '../messages/messages.model';
import { readActiveSession, writeActiveSession } from './lib/active-session';
import {
  activeSessionGone,
  activeSessionRestored,
  conversationOpened,
  draftSessionFound,
  questionAnswered,
  sessionActivated,
} from './sessions.model';

/**
 * A chat view showed this chatter's conversation: the sessions load, and the session that was on screen
 * before the page was left (reloaded, closed) is on screen again — unless the chatter already started
 * another conversation here (the link's prompt was asked).
 */
export const conversationShown = createEvent<ChatTarget>();

export const readActiveSessionFx = createEffect(readActiveSession);
export const rememberActiveSessionFx = createEffect(
  ({ target, sessionId }: { target: ChatTarget; sessionId: string | null }) => writeActiveSession(target, sessionId),
);

/** A new conversation with nothing asked in it yet: a restored session may take its place. */
const untouched = (all: Keyed<ConversationState>, target: ChatTarget) => {
  const state = all[chatKeyOf(target)] ?? INITIAL_CONVERSATION;
  return state.sessionId === null && state.pairs.length === 0;
};

sample({ clock: conversationShown, target: conversationOpened });
sample({
  clock: conversationShown,
  source: $conversations,
  filter: untouched,
  fn: (_, target) => target,
  target: readActiveSessionFx,
});
sample({
  clock: readActiveSessionFx.done,
  source: $conversations,
  filter: (all, { params, result }) => result !== null && untouched(all, params),
  fn: (_, { params, result }) => ({ target: params, sessionId: result as string }),
  target: activeSessionRestored,
});

// A session that is gone (404) starts a new conversation, without an error: there is nothing to retry.
sample({
  clock: loadCompletionsFx.fail,
  source: $conversations,
  filter: (all, { params, error }) =>
    params.offset === 0 &&
    error instanceof HttpError &&
    error.status === 404 &&
    (all[chatKeyOf(params.target)] ?? INITIAL_CONVERSATION).sessionId === params.sessionId,
  fn: (_, { params }) => ({ target: params.target, sessionId: params.sessionId }),
  target: activeSessionGone,
});

// Whatever puts a session on screen is kept: another session picked, a new chat, a new conversation's first answer.
sample({
  clock: sessionActivated,
  fn: ({ target, sessionId }) => ({ target, sessionId }),
  target: rememberActiveSessionFx,
});
sample({ clock: draftSessionFound, target: rememberActiveSessionFx });
sample({
  clock: questionAnswered,
  filter: ({ created }) => created,
  fn: ({ target, sessionId }) => ({ target, sessionId }),
  target: rememberActiveSessionFx,
});
