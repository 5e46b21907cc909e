import { createEffect, createEvent, createStore, sample } from 'effector';

/** How long a page waits before asking again while something it shows (a file being parsed, a task) is still being worked on. */
export const POLL_INTERVAL_MS = 2000;

/**
 * Asks again every `intervalMs` while the last answer says something is still moving (a file queued
 * or being parsed) and the page is open; stops when nothing moves any more or the page is left.
 * At most one wait runs at a time, so reloads the user asks for meanwhile never start a second loop.
 */
export function createPolling(intervalMs = POLL_INTERVAL_MS) {
  /** The page that polls was opened. */
  const started = createEvent();
  /** The page was left: no more asking. */
  const stopped = createEvent();
  /** An answer arrived; `true` when something in it is still being worked on. */
  const answered = createEvent<boolean>();
  /** Time to ask again. */
  const ticked = createEvent();

  /** The pause between two questions (tests replace its handler to control time). */
  const waitFx = createEffect(() => new Promise<void>((resolve) => setTimeout(resolve, intervalMs)));

  const $open = createStore(false)
    .on(started, () => true)
    .on(stopped, () => false);
  /** Whether the last answer had something still moving. */
  const $moving = createStore(false)
    .on(answered, (_, moving) => moving)
    .reset(stopped);

  sample({
    clock: answered,
    source: { open: $open, waiting: waitFx.pending },
    filter: ({ open, waiting }, moving) => open && moving && !waiting,
    fn: () => undefined,
    target: waitFx,
  });
  sample({
    clock: waitFx.done,
    source: { open: $open, moving: $moving },
    filter: ({ open, moving }) => open && moving,
    fn: () => undefined,
    target: ticked,
  });

  return { started, stopped, answered, ticked, waitFx, $moving };
}

/** The units of one {@link createPolling}. */
export type Polling = ReturnType<typeof createPolling>;
