// The counts behind the closing line of `pnpm test`. A test is "skipped" only when someone skipped it on
// purpose; a test that never ran because its file or suite broke (a hook that threw or timed out, an
// import that failed, an interrupted run) is a failure, and so is a broken file or suite with no failed test.

/** A test as vitest reports it (`TestCase`): the mode it was declared with and how it ended. */
export type ReportedTest = {
  type: 'test';
  options: { mode: 'run' | 'only' | 'skip' | 'todo' };
  result(): { state: 'pending' | 'passed' | 'failed' | 'skipped' };
};

/** A `describe` block as vitest reports it (`TestSuite`): `errors()` are its hooks' own, not its tests'. */
export type ReportedSuite = {
  type: 'suite';
  errors(): ReadonlyArray<unknown>;
  children: Iterable<ReportedTest | ReportedSuite>;
};

/** A test file as vitest reports it (`TestModule`): `errors()` has the import that failed or the top-level hook that threw. */
export type ReportedModule = { errors(): ReadonlyArray<unknown>; children: Iterable<ReportedTest | ReportedSuite> };

export type Counts = { passed: number; failed: number; skipped: number };

function countTest(test: ReportedTest, insideBroken: boolean, counts: Counts): void {
  const state = test.result().state;
  const declaredSkipped = test.options.mode === 'skip' || test.options.mode === 'todo';
  if (state === 'passed') counts.passed++;
  else if (state === 'skipped' && (declaredSkipped || !insideBroken)) counts.skipped++;
  // Failed, never started (interrupted run), or skipped by vitest because a hook of its suite failed.
  else counts.failed++;
}

function countChildren(node: ReportedModule | ReportedSuite, insideBroken: boolean, counts: Counts): void {
  const ownErrors = node.errors().length > 0;
  const broken = insideBroken || ownErrors;
  const failedBefore = counts.failed;
  for (const child of node.children) {
    if (child.type === 'test') countTest(child, broken, counts);
    else countChildren(child, broken, counts);
  }
  // A file that did not load, or a suite whose afterAll threw after its tests passed.
  if (ownErrors && counts.failed === failedBefore) counts.failed++;
}

/** Counts a finished run; each error vitest caught outside any test (`unhandledErrors`) is one failure more. */
export function countResults(modules: Iterable<ReportedModule>, unhandledErrors = 0): Counts {
  const counts: Counts = { passed: 0, failed: unhandledErrors, skipped: 0 };
  for (const module of modules) countChildren(module, false, counts);
  return counts;
}

/** The line CI and people read last: "Flotilla: N passed, N failed, N skipped". */
export function summaryLine({ passed, failed, skipped }: Counts): string {
  return `Flotilla: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}
