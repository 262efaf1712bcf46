/**
 * Prints the slowest test files (where the gate's time goes), then one plain closing line,
 * `tests: N passed, N failed[, N skipped]`, after vitest's own summary, so CI (and anyone grepping a
 * log) can read the outcome without parsing vitest's output.
 *
 * The line never reads better than the run: a file that failed to start or whose hooks failed (its
 * tests then show as skipped) counts as one failure, each unhandled error counts as one, and a run
 * vitest calls failed never closes on `0 failed`.
 */
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

export interface RunTally {
  passed: number;
  failed: number;
  skipped: number;
}

/** Counts a finished run: tests by state, plus failed files with no failed test, plus unhandled errors. */
export function tallyRun(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown> = [], reason: TestRunEndReason = 'passed'): RunTally {
  const tally: RunTally = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    let failedHere = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') tally.passed += 1;
      else if (state === 'failed') failedHere += 1;
      else tally.skipped += 1;
    }
    tally.failed += failedHere;
    if (module.state() === 'failed' && failedHere === 0) tally.failed += 1;
  }
  tally.failed += unhandledErrors.length;
  if (reason === 'failed' && tally.failed === 0) tally.failed = 1;
  return tally;
}

export const closingLine = ({ passed, failed, skipped }: RunTally): string => `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

/** The `count` slowest files, each with its import, collection and tests' time, slowest first. */
export function slowestFiles(testModules: ReadonlyArray<TestModule>, count = 15): string[] {
  const timed = testModules.map((module) => {
    const d = module.diagnostic();
    return { file: module.relativeModuleId, ms: d.prepareDuration + d.collectDuration + d.setupDuration + d.duration };
  });
  return timed
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    const slowest = slowestFiles(testModules);
    if (slowest.length > 1) process.stdout.write(`\nslowest test files:\n${slowest.join('\n')}\n`);
    process.stdout.write(`\n${closingLine(tallyRun(testModules, unhandledErrors, reason))}\n`);
  }
}
