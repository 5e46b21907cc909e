import { createEffect, createEvent, createStore, sample, type EventCallable } from 'effector';
import { toFailure, type Failure } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import type { RobotRef } from './robot-ref';

/** Where a settings tab stands: its values load, are on screen, or failed to load. */
export type SettingsTabStatus = 'loading' | 'ready' | 'error';

/** What {@link createSettingsTab} needs: how to load and save one robot's settings, and what to say when saved. */
export type SettingsTabOptions<Value, Body> = {
  load: (robot: RobotRef) => Promise<Value>;
  save: (input: { robot: RobotRef; body: Body }) => Promise<Value>;
  /** The message id of the toast shown once saved. */
  savedMessageId: string;
};

/**
 * The model of one tab of the robot detail page that edits settings held by the server: opened for a
 * robot, its values loaded (or a failure to retry), a form submitted and saved with a toast, or a
 * save failure shown. Only answers for the robot on screen count.
 */
export function createSettingsTab<Value, Body>({ load, save, savedMessageId }: SettingsTabOptions<Value, Body>) {
  /** The tab was opened for a robot. */
  const opened = createEvent<RobotRef>();
  /** The user asked to load the values again after a failure. */
  const retryClicked = createEvent();
  /** The form passed its checks and was sent. */
  const submitted = createEvent<Body>();
  /** The server answered the robot's current values (load, save, or another call of the tab). */
  const valueReceived: EventCallable<{ robot: RobotRef; value: Value }> = createEvent();

  const loadFx = createEffect(load);
  const saveFx = createEffect(save);

  const $robot = createStore<RobotRef | null>(null, { skipVoid: false }).on(opened, (_, robot) => robot);
  const $value = createStore<Value | null>(null, { skipVoid: false })
    .reset(opened)
    .on(valueReceived, (_, { value }) => value);
  const $status = createStore<SettingsTabStatus>('loading')
    .on(loadFx, () => 'loading')
    .on(valueReceived, () => 'ready');
  const $loadFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(opened, loadFx, valueReceived);
  const $saveFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(opened, submitted, saveFx.done);
  const $saving = saveFx.pending;
  /** Raised by every load, so a form can take the loaded values as its initial values again. */
  const $loadCount = createStore(0).on(loadFx.done, (count) => count + 1);

  sample({ clock: opened, target: loadFx });
  sample({ clock: retryClicked, source: $robot, filter: (robot): robot is RobotRef => robot !== null, target: loadFx });

  const isCurrent = (robot: RobotRef | null, asked: RobotRef) => robot?.processId === asked.processId;
  sample({
    clock: loadFx.done,
    source: $robot,
    filter: (robot, { params }) => isCurrent(robot, params),
    fn: (_, { params, result }) => ({ robot: params, value: result }),
    target: valueReceived,
  });
  sample({
    clock: loadFx.fail,
    source: $robot,
    filter: (robot, { params }) => isCurrent(robot, params),
    fn: (_, { error }) => toFailure(error),
    target: $loadFailure,
  });
  sample({ clock: $loadFailure, filter: Boolean, fn: (): SettingsTabStatus => 'error', target: $status });

  sample({
    clock: submitted,
    source: { robot: $robot, saving: $saving },
    filter: (
      state: { robot: RobotRef | null; saving: boolean },
      _body: Body,
    ): state is { robot: RobotRef; saving: false } => state.robot !== null && !state.saving,
    fn: ({ robot }, body) => ({ robot, body }),
    target: saveFx,
  });
  sample({
    clock: saveFx.done,
    source: $robot,
    filter: (robot, { params }) => isCurrent(robot, params.robot),
    fn: (_, { params, result }) => ({ robot: params.robot, value: result }),
    target: valueReceived,
  });
  sample({
    clock: saveFx.fail,
    source: $robot,
    filter: (robot, { params }) => isCurrent(robot, params.robot),
    fn: (_, { error }) => toFailure(error),
    target: $saveFailure,
  });
  sample({ clock: saveFx.done, fn: () => ({ id: savedMessageId }), target: showSuccessFx });

  return {
    opened,
    retryClicked,
    submitted,
    valueReceived,
    loadFx,
    saveFx,
    $robot,
    $value,
    $status,
    $loadFailure,
    $saveFailure,
    $saving,
    $loadCount,
  };
}
