import { createStore, sample, type Effect, type StoreWritable, type Unit } from 'effector';
import { HttpError } from '@flotilla/shared';

/** What a view shows of one thing loaded by id: loading, the thing (`Ready`), gone (a 404), or a failure to retry. */
export type LoadState<Ready extends { status: 'ready' }> =
  { status: 'loading' } | Ready | { status: 'not-found' } | { status: 'failed'; message: string };

/**
 * A store of things loaded by id (shares, robots), so that several chat panels can show different ones at once.
 * Each `clock` asks for an id: `load` runs unless that id is loading already or `fresh` says what is held needs
 * no request. What is on screen stays there while it is fetched again.
 */
export function createKeyedLoader<Result, Ready extends { status: 'ready' }>(config: {
  clock: Unit<string>[];
  load: Effect<string, Result, Error>;
  ready: (result: Result) => Ready;
  fresh?: (held: Ready) => boolean;
}): StoreWritable<Record<string, LoadState<Ready>>> {
  const { clock, load, ready, fresh = () => false } = config;
  const $states = createStore<Record<string, LoadState<Ready>>>({});
  const isReady = (state: LoadState<Ready> | undefined): state is Ready => state?.status === 'ready';

  sample({
    clock,
    source: $states,
    filter: (states, id) => states[id]?.status !== 'loading' && !(isReady(states[id]) && fresh(states[id])),
    fn: (_, id) => id,
    target: load,
  });
  sample({
    clock: load,
    source: $states,
    filter: (states, id) => !isReady(states[id]),
    fn: (states, id) => ({ ...states, [id]: { status: 'loading' } as const }),
    target: $states,
  });
  sample({
    clock: load.done,
    source: $states,
    fn: (states, { params, result }) => ({ ...states, [params]: ready(result) }),
    target: $states,
  });
  sample({
    clock: load.fail,
    source: $states,
    fn: (states, { params, error }): Record<string, LoadState<Ready>> => ({
      ...states,
      [params]:
        error instanceof HttpError && error.status === 404
          ? { status: 'not-found' }
          : { status: 'failed', message: error.message },
    }),
    target: $states,
  });
  return $states;
}
