import { describe, expect, it } from 'vitest';
import { prepareOptionalSuites, projectSelection, type Availability } from './optional-suites';

const unavailable: Availability = { available: false, reason: 'nothing listens at 127.0.0.1:5999' };
const suites = (availability: Availability) => [
  { project: 'server-postgres', title: 'the PostgreSQL server suite', prepare: () => availability },
];

describe('which projects a command line selects', () => {
  it('selects every project when none is named', () => {
    expect(projectSelection('e2e', ['node', 'vitest', 'run'])).toBe('all');
  });

  it('tells a project named (exactly or by a wildcard) from one left out by the filter', () => {
    expect(projectSelection('e2e', ['vitest', 'run', '--project', 'e2e'])).toBe('named');
    expect(projectSelection('server-postgres', ['vitest', 'run', '--project=server*'])).toBe('named');
    expect(projectSelection('server-postgres', ['vitest', 'run', '--project', 'server'])).toBe('excluded');
    expect(projectSelection('e2e', ['vitest', 'run', '--project=!e2e'])).toBe('excluded');
    expect(projectSelection('server', ['vitest', 'run', '--project=!e2e'])).toBe('all');
  });
});

describe('optional suites', () => {
  it('leaves out a suite that cannot run, with one line saying which and why', async () => {
    const result = await prepareOptionalSuites(suites(unavailable), ['vitest', 'run'], false);
    expect([...result.leftOut]).toEqual(['server-postgres']);
    expect(result.line).toBe(
      'Flotilla left out the PostgreSQL server suite (nothing listens at 127.0.0.1:5999) — optional here, required in CI.',
    );
  });

  it('fails the run in CI, or when the suite was asked for by name', async () => {
    await expect(prepareOptionalSuites(suites(unavailable), ['vitest', 'run'], true)).rejects.toThrow(
      /PostgreSQL server suite cannot run: nothing listens.*CI runs every suite/,
    );
    await expect(
      prepareOptionalSuites(suites(unavailable), ['vitest', 'run', '--project', 'server-postgres'], false),
    ).rejects.toThrow(/cannot run/);
  });

  it('does not look for what a suite needs when the command line leaves the suite out', async () => {
    const result = await prepareOptionalSuites(suites(unavailable), ['vitest', 'run', '--project', 'server'], true);
    expect(result).toEqual({ leftOut: new Set(), line: null });
  });

  it('says nothing when every suite can run', async () => {
    expect(await prepareOptionalSuites(suites({ available: true }), ['vitest', 'run'], true)).toEqual({
      leftOut: new Set(),
      line: null,
    });
  });
});
