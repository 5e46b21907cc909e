import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BASIC_CONFIG } from '@flotilla/shared';
import { fakeRobotsApi, makeDatabase, makeDataset, makeRobot } from '../../../test/fake-robots-api';
import {
  $basicConfig,
  $basicSaveFailure,
  $basicStatus,
  $databases,
  $datasets,
  $models,
  basicConfigOpened,
  basicConfigSubmitted,
  librarySearchToggled,
} from '../robot-basic-config.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('robot basic config model', () => {
  it('loads the config, models, datasets and databases, and saves the fields given', async () => {
    const robot = makeRobot();
    const { requests } = fakeRobotsApi([robot], undefined, {
      datasets: [makeDataset('d1', 'Manuals')],
      databases: [makeDatabase('db1', 'Orders')],
    });
    const scope = fork();
    await allSettled(basicConfigOpened, { scope, params: robot });
    expect(scope.getState($basicStatus)).toBe('ready');
    expect(scope.getState($basicConfig)?.model).toBe(DEFAULT_BASIC_CONFIG.model);
    expect(scope.getState($models).map((model) => model.id)).toEqual(['builtin', 'gpt-4o']);
    expect(scope.getState($datasets).map((dataset) => dataset.name)).toEqual(['Manuals']);
    expect(scope.getState($databases).map((database) => database.name)).toEqual(['Orders']);

    const fields = { model: 'gpt-4o', datasetIds: ['d1'], databaseIds: ['db1'] };
    await allSettled(basicConfigSubmitted, { scope, params: fields });
    expect(requests.at(-1)?.body).toEqual(fields);
    expect(scope.getState($basicConfig)).toMatchObject(fields);

    await allSettled(librarySearchToggled, { scope, params: false });
    expect(requests.at(-1)?.path).toBe(`/v1/processes/${robot.processId}/basic/disableLibrarySearch`);
    expect(scope.getState($basicConfig)?.librarySearch).toBe(false);
  });

  it('keeps the server refusal as the save failure, with the message of the server', async () => {
    const robot = makeRobot();
    fakeRobotsApi([robot]);
    const scope = fork();
    await allSettled(basicConfigOpened, { scope, params: robot });
    await allSettled(basicConfigSubmitted, { scope, params: { model: 'nope' } });
    expect(scope.getState($basicSaveFailure)).toMatchObject({ status: 400, message: 'Unknown model' });
    expect(scope.getState($basicConfig)?.model).toBe(DEFAULT_BASIC_CONFIG.model);
  });

  it('shows a load failure for the robot on screen', async () => {
    const robot = makeRobot();
    fakeRobotsApi([robot], (request) =>
      request.path.endsWith('/basic') ? { status: 500, body: { code: 'INTERNAL', message: 'Boom' } } : undefined,
    );
    const scope = fork();
    await allSettled(basicConfigOpened, { scope, params: robot });
    expect(scope.getState($basicStatus)).toBe('error');
  });
});
