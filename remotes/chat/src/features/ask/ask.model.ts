import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { CHAT_LIMITS, toFailure, type Attachment } from '@flotilla/shared';
import { chatKeyOf, type ChatTarget } from '../chat/chat-target';
import type { Keyed } from '../chat/lib/keyed';
import {
  $conversations,
  answerDeltaReceived,
  answerEnded,
  INITIAL_CONVERSATION,
  questionAsked,
  type AnswerOutcome,
} from '../messages/messages.model';
import { draftAnswerInterrupted, questionAnswered, sessionActivated } from '../sessions/sessions.model';
import { newUuid } from '../visitor/visitor-id';
import { askQuestion, type Question } from './api/ask-question';

/** The chatter sent a question (typed, a suggested one, or the link's prompt), with the attachments uploaded for it. */
export const questionSubmitted = createEvent<{
  target: ChatTarget;
  question: string;
  images?: Attachment[];
  files?: Attachment[];
}>();
/** The chatter pressed Stop while the answer was arriving. */
export const stopClicked = createEvent<ChatTarget>();
/** The chat link carried a question (`?prompt=`): it is asked once, as soon as the chat is ready. */
export const promptFound = createEvent<{ target: ChatTarget; prompt: string }>();

type AskResult = {
  target: ChatTarget;
  localId: string;
  question: string;
  sentSessionId: string | null;
  outcome: AnswerOutcome;
  /** Whether the server had started answering (it then keeps the question, in a session it may have created). */
  started: boolean;
  at: string;
};

/** The abort switch of the answer each chat is waiting for (a chat asks one question at a time). */
const answering = new Map<string, AbortController>();

/**
 * Asks and reads the streamed answer: the pair joins the conversation at once, each delta is added
 * as it arrives, and the result says how the answer ended. Never rejects: an HTTP error (429, 402,
 * a share gone…) or a broken stream is an `error` outcome, an abort a `stopped` one.
 */
export const askFx = createEffect(
  async ({ target, question }: { target: ChatTarget; question: Question }): Promise<AskResult> => {
    const key = chatKeyOf(target);
    // Bound before the first await: events called later must reach this effect's scope.
    const asked = scopeBind(questionAsked, { safe: true });
    const delta = scopeBind(answerDeltaReceived, { safe: true });
    const localId = newUuid();
    const controller = new AbortController();
    answering.set(key, controller);
    asked({
      key,
      pair: {
        localId,
        id: null,
        question: question.question,
        images: question.images,
        files: question.files,
        answer: '',
        citations: [],
        status: 'streaming',
        failure: null,
        feedback: null,
        feedbackText: '',
        createdAt: new Date().toISOString(),
      },
    });
    let started = false;
    const result = (outcome: AnswerOutcome): AskResult => ({
      target,
      localId,
      question: question.question,
      sentSessionId: question.sessionId,
      outcome,
      started,
      at: new Date().toISOString(),
    });
    try {
      for await (const event of askQuestion(target, question, controller.signal)) {
        started = true;
        if (event.type === 'delta') delta({ key, localId, text: event.text });
        else if (event.type === 'done')
          return result({
            kind: 'done',
            completionId: event.completionId,
            sessionId: event.sessionId,
            citations: event.citations,
          });
        else return result({ kind: 'error', failure: { status: 200, code: event.code, message: event.message } });
      }
      if (controller.signal.aborted) return result({ kind: 'stopped' });
      return result({ kind: 'error', failure: { status: 200, code: 'ANSWER_CUT_OFF', message: '' } });
    } catch (error) {
      if (controller.signal.aborted) return result({ kind: 'stopped' });
      return result({ kind: 'error', failure: toFailure(error) });
    } finally {
      if (answering.get(key) === controller) answering.delete(key);
    }
  },
);

/** Stops the answer a chat is waiting for; the server keeps what it had as a stopped answer. */
export const stopAnswerFx = createEffect((target: ChatTarget) => {
  answering.get(chatKeyOf(target))?.abort();
});

/** Whether each chat is waiting for an answer. */
export const $asking = createStore<Keyed<boolean>>({})
  .on(askFx, (all, { target }) => ({ ...all, [chatKeyOf(target)]: true }))
  .on(askFx.finally, (all, { params: { target } }) => ({ ...all, [chatKeyOf(target)]: false }));

/** Chats whose link prompt was asked already: it is asked once. */
const $promptsAsked = createStore<string[]>([]);

sample({
  clock: questionSubmitted,
  source: { asking: $asking, conversations: $conversations },
  filter: ({ asking, conversations }, { target, question }) => {
    const key = chatKeyOf(target);
    const text = question.trim();
    // While a saved session's messages load, a question would be lost when they arrive.
    return (
      !asking[key] &&
      (conversations[key] ?? INITIAL_CONVERSATION).status === 'ready' &&
      text !== '' &&
      text.length <= CHAT_LIMITS.questionLength
    );
  },
  fn: ({ conversations }, { target, question, images = [], files = [] }) => ({
    target,
    question: {
      sessionId: (conversations[chatKeyOf(target)] ?? INITIAL_CONVERSATION).sessionId,
      question: question.trim(),
      images,
      files,
    },
  }),
  target: askFx,
});

sample({
  clock: stopClicked,
  source: $asking,
  filter: (asking, target) => Boolean(asking[chatKeyOf(target)]),
  fn: (_, target) => target,
  target: stopAnswerFx,
});
// Another session on screen: the answer of the one left is stopped (its pair is not on screen any more).
sample({
  clock: sessionActivated,
  source: $asking,
  filter: (asking, { target }) => Boolean(asking[chatKeyOf(target)]),
  fn: (_, { target }) => target,
  target: stopAnswerFx,
});

sample({
  clock: askFx.doneData,
  fn: ({ target, localId, outcome }) => ({ key: chatKeyOf(target), localId, outcome }),
  target: answerEnded,
});
sample({
  clock: askFx.doneData,
  filter: ({ outcome }) => outcome.kind === 'done',
  fn: ({ target, question, sentSessionId, outcome, at }) => ({
    target,
    sessionId: (outcome as Extract<AnswerOutcome, { kind: 'done' }>).sessionId,
    question,
    created: sentSessionId === null,
    at,
  }),
  target: questionAnswered,
});

sample({
  clock: askFx.doneData,
  filter: ({ outcome, sentSessionId, started }) =>
    sentSessionId === null && (outcome.kind === 'stopped' || (outcome.kind === 'error' && started)),
  fn: ({ target }) => target,
  target: draftAnswerInterrupted,
});

const promptAccepted = sample({
  clock: promptFound,
  source: $promptsAsked,
  filter: (asked, { target, prompt }) => prompt.trim() !== '' && !asked.includes(chatKeyOf(target)),
  fn: (_, found) => found,
});
sample({
  clock: promptAccepted,
  source: $promptsAsked,
  fn: (asked, { target }) => [...asked, chatKeyOf(target)],
  target: $promptsAsked,
});
sample({
  clock: promptAccepted,
  fn: ({ target, prompt }) => ({ target, question: prompt }),
  target: questionSubmitted,
});
