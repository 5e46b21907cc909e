import { fork, type Effect, type Scope } from 'effector';
import { $locale, $token, $user, type Role } from '@flotilla/shared';
import { sessionUser } from '@flotilla/shared/test';

/**
 * The pauses of the polling models, put in the test's hands: each pause waits until `tick()`, so a
 * test says when "2 seconds" have passed and sees whether the page asks again.
 */
export function manualWaits() {
  const pending: Array<() => void> = [];
  const handler = () => new Promise<void>((resolve) => pending.push(resolve));
  return {
    handler,
    /** How many pauses are waiting (one per page that still polls). */
    get waiting() {
      return pending.length;
    },
    /** Ends every pause that is waiting. */
    tick() {
      pending.splice(0).forEach((resolve) => resolve());
    },
  };
}

/** The token of {@link scopeWith}'s session. */
export const TEST_TOKEN = 'test-token';

/** Like `testScope` (with a token), with some effects' handlers replaced (a manual pause, an immediate debounce). */
export function scopeWith(role: Role, handlers: Array<Handler<never, unknown>>): Scope {
  return fork({
    values: [
      [$user, sessionUser(role)],
      [$locale, 'en-US'],
      [$token, TEST_TOKEN],
    ],
    handlers: handlers as never,
  });
}

/** An effect and the handler that replaces its own in a test scope. */
export type Handler<Params, Done> = readonly [Effect<Params, Done>, (params: Params) => Done | Promise<Done>];

/** Pairs an effect with a test handler, checking that the handler fits the effect. */
export function handler<Params, Done>(
  effect: Effect<Params, Done>,
  fn: (params: Params) => Done | Promise<Done>,
): Handler<never, unknown> {
  return [effect, fn] as unknown as Handler<never, unknown>;
}
