import { describe, expect, it } from 'vitest';
import { countResults, summaryLine, type ReportedModule, type ReportedSuite, type ReportedTest } from './summary';

type Mode = ReportedTest['options']['mode'];
type State = ReturnType<ReportedTest['result']>['state'];

const test = (state: State, mode: Mode = 'run'): ReportedTest => ({
  type: 'test',
  options: { mode },
  result: () => ({ state }),
});
const suite = (children: Array<ReportedTest | ReportedSuite>, errors: unknown[] = []): ReportedSuite => ({
  type: 'suite',
  errors: () => errors,
  children,
});
const file = (children: Array<ReportedTest | ReportedSuite>, errors: unknown[] = []): ReportedModule => ({
  errors: () => errors,
  children,
});
const hookTimedOut = new Error('Hook timed out in 10000ms');

describe('the closing line of a test run', () => {
  it('counts passed, failed and deliberately skipped tests', () => {
    const counts = countResults([
      file([test('passed'), test('failed'), suite([test('passed'), test('skipped', 'skip'), test('skipped', 'todo')])]),
    ]);
    expect(counts).toEqual({ passed: 2, failed: 1, skipped: 2 });
  });

  it('counts the tests of a suite whose beforeAll timed out as failed, not skipped', () => {
    // Vitest reports them as "skipped" with the mode they were declared with ("run").
    const counts = countResults([
      file([suite([test('skipped'), test('skipped'), test('skipped', 'skip')], [hookTimedOut]), test('passed')]),
    ]);
    expect(counts).toEqual({ passed: 1, failed: 2, skipped: 1 });
  });

  it('counts the tests under a file-level hook that threw as failed, however deep', () => {
    expect(countResults([file([suite([suite([test('skipped')])]), test('skipped')], [hookTimedOut])])).toEqual({
      passed: 0,
      failed: 2,
      skipped: 0,
    });
  });

  it('counts a file that failed to load as one failure', () => {
    expect(countResults([file([], [new Error('Cannot find module')]), file([test('passed')])])).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
    });
  });

  it('counts a suite whose afterAll threw after its tests passed as one failure', () => {
    expect(countResults([file([suite([test('passed'), test('passed')], [new Error('close failed')])])])).toEqual({
      passed: 2,
      failed: 1,
      skipped: 0,
    });
  });

  it('counts a test that never started (an interrupted run) and each error outside the tests as failures', () => {
    expect(countResults([file([test('passed'), test('pending')])], 2)).toEqual({ passed: 1, failed: 3, skipped: 0 });
  });

  it('keeps a test skipped from inside (context.skip) as skipped when its suite is sound', () => {
    expect(countResults([file([suite([test('skipped'), test('failed')])])])).toEqual({
      passed: 0,
      failed: 1,
      skipped: 1,
    });
  });

  it('prints the counts on one line', () => {
    expect(summaryLine({ passed: 1182, failed: 3, skipped: 0 })).toBe('Flotilla: 1182 passed, 3 failed, 0 skipped');
  });
});
