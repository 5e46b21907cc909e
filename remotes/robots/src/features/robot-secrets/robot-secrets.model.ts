import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type ApiSecret, type CreateApiSecretBody, type Failure } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import type { RobotRef } from '../../lib/robot-ref';
import { createSecret } from './api/create-secret';
import { deleteSecret } from './api/delete-secret';
import { listSecrets } from './api/list-secrets';

/** Where the list of secrets stands. */
export type SecretsStatus = 'loading' | 'ready' | 'error';

/** A secret just created: the only time its value is on screen. */
export type RevealedSecret = { id: string; name: string; secret: string };

/** The secrets tab was opened for a robot. */
export const secretsOpened = createEvent<RobotRef>();
/** The user asked for the secrets again after a failure. */
export const secretsRetryClicked = createEvent();
/** The create form was asked for. */
export const secretCreateClicked = createEvent();
/** The create form was closed without creating. */
export const secretCreateCancelled = createEvent();
/** The create form was sent with the secret's name. */
export const secretCreateSubmitted = createEvent<string>();
/** The user closed the window that shows the new secret: it is gone from the page for good. */
export const secretRevealClosed = createEvent();
/** The user confirmed revoking a secret. */
export const secretDeleteConfirmed = createEvent<ApiSecret>();

export const loadSecretsFx = createEffect(listSecrets);
export const createSecretFx = createEffect((body: CreateApiSecretBody) => createSecret(body));
export const deleteSecretFx = createEffect((secret: ApiSecret) => deleteSecret(secret.id));

export const $secretsRobot = createStore<RobotRef | null>(null, { skipVoid: false }).on(
  secretsOpened,
  (_, robot) => robot,
);
/** The robot's secrets as the server lists them: names and prefixes, never the secrets. */
export const $secrets = createStore<ApiSecret[]>([]).reset(secretsOpened);
export const $secretsStatus = createStore<SecretsStatus>('loading').on(secretsOpened, () => 'loading');
export const $secretsLoadFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(
  secretsOpened,
  loadSecretsFx,
);
export const $secretCreateOpen = createStore(false)
  .on(secretCreateClicked, () => true)
  .reset(secretCreateCancelled, createSecretFx.done, secretsOpened);
export const $secretCreateFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(
  secretCreateClicked,
  secretCreateCancelled,
  secretCreateSubmitted,
  secretsOpened,
);
export const $secretCreating = createSecretFx.pending;
/** The secret just created, until its window is closed or another robot's tab opens. */
export const $revealedSecret = createStore<RevealedSecret | null>(null, { skipVoid: false }).reset(
  secretRevealClosed,
  secretsOpened,
);
export const $secretDeletingIds = createStore<string[]>([])
  .on(deleteSecretFx, (ids, secret) => [...ids, secret.id])
  .on(deleteSecretFx.finally, (ids, { params }) => ids.filter((id) => id !== params.id));
export const $secretDeleteFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(
  secretsOpened,
  secretDeleteConfirmed,
);

const isCurrent = (robot: RobotRef | null, processId: string) => robot?.processId === processId;

sample({ clock: secretsOpened, fn: (robot) => robot.processId, target: loadSecretsFx });
sample({
  clock: [secretsRetryClicked, createSecretFx.done, deleteSecretFx.done],
  source: $secretsRobot,
  filter: (robot: RobotRef | null): robot is RobotRef => robot !== null,
  fn: (robot) => robot.processId,
  target: loadSecretsFx,
});
sample({ clock: secretsRetryClicked, fn: (): SecretsStatus => 'loading', target: $secretsStatus });
sample({
  clock: loadSecretsFx.done,
  source: $secretsRobot,
  filter: (robot, { params }) => isCurrent(robot, params),
  fn: (_, { result }) => result,
  target: $secrets,
});
sample({
  clock: loadSecretsFx.done,
  source: $secretsRobot,
  filter: (robot, { params }) => isCurrent(robot, params),
  fn: (): SecretsStatus => 'ready',
  target: $secretsStatus,
});
sample({
  clock: loadSecretsFx.fail,
  source: $secretsRobot,
  filter: (robot, { params }) => isCurrent(robot, params),
  fn: (_, { error }) => toFailure(error),
  target: $secretsLoadFailure,
});
// A reload that fails after the list was on screen keeps the list (the notice says what failed).
sample({
  clock: $secretsLoadFailure,
  source: $secretsStatus,
  filter: (status, failure) => failure !== null && status !== 'ready',
  fn: (): SecretsStatus => 'error',
  target: $secretsStatus,
});

sample({
  clock: secretCreateSubmitted,
  source: { robot: $secretsRobot, creating: $secretCreating },
  filter: (
    state: { robot: RobotRef | null; creating: boolean },
    name: string,
  ): state is { robot: RobotRef; creating: false } => state.robot !== null && !state.creating && name.trim() !== '',
  fn: ({ robot }, name) => ({ processId: robot.processId, name: name.trim() }),
  target: createSecretFx,
});
sample({
  clock: createSecretFx.done,
  source: $secretsRobot,
  filter: (robot, { params }) => isCurrent(robot, params.processId),
  fn: (_, { params, result }): RevealedSecret => ({ id: result.id, name: params.name, secret: result.secret }),
  target: $revealedSecret,
});
sample({ clock: createSecretFx.failData, fn: (error) => toFailure(error), target: $secretCreateFailure });

sample({
  clock: secretDeleteConfirmed,
  source: $secretDeletingIds,
  filter: (ids, secret) => !ids.includes(secret.id),
  fn: (_, secret) => secret,
  target: deleteSecretFx,
});
sample({ clock: deleteSecretFx.failData, fn: (error) => toFailure(error), target: $secretDeleteFailure });
sample({ clock: deleteSecretFx.done, fn: () => ({ id: 'robots.secrets.deleted' }), target: showSuccessFx });
