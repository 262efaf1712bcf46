import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { closingLine, slowestFiles, tallyRun } from '../../helpers/summary-reporter';

type State = 'passed' | 'failed' | 'skipped' | 'pending';

/** The part of vitest's TestModule the tally reads: the module's state and its tests' states. */
function fakeModule(moduleState: State, testStates: State[], file = 'a.test.ts', ms = 0): TestModule {
  return {
    relativeModuleId: file,
    diagnostic: () => ({ prepareDuration: 0, collectDuration: ms / 2, setupDuration: 0, duration: ms / 2 }),
    state: () => moduleState,
    children: { allTests: () => testStates.map((state) => ({ result: () => ({ state }) }))[Symbol.iterator]() },
  } as unknown as TestModule;
}

describe('the closing line', () => {
  it('counts tests by state', () => {
    const tally = tallyRun([fakeModule('passed', ['passed', 'passed', 'skipped']), fakeModule('failed', ['passed', 'failed'])]);
    expect(tally).toEqual({ passed: 3, failed: 1, skipped: 1 });
    expect(closingLine(tally)).toBe('tests: 3 passed, 1 failed, 1 skipped');
  });

  it('counts a file whose hooks failed (its tests skipped) as a failure', () => {
    const tally = tallyRun([fakeModule('passed', ['passed']), fakeModule('failed', ['skipped', 'skipped', 'skipped'])]);
    expect(tally.failed).toBe(1);
    expect(closingLine(tally)).toBe('tests: 1 passed, 1 failed, 3 skipped');
  });

  it('counts a file that failed to start, with no tests collected, as a failure', () => {
    expect(tallyRun([fakeModule('failed', [])]).failed).toBe(1);
  });

  it('counts unhandled errors as failures', () => {
    expect(tallyRun([fakeModule('passed', ['passed'])], [new Error('boom'), new Error('again')]).failed).toBe(2);
  });

  it('never closes a run vitest calls failed on 0 failed', () => {
    expect(tallyRun([fakeModule('passed', ['passed'])], [], 'failed').failed).toBe(1);
    expect(tallyRun([fakeModule('passed', ['passed'])], [], 'passed').failed).toBe(0);
  });

  it('lists the slowest files first, with their time', () => {
    const modules = [fakeModule('passed', [], 'quick.test.ts', 1_000), fakeModule('passed', [], 'slow.test.ts', 42_000), fakeModule('passed', [], 'middle.test.ts', 9_500)];
    expect(slowestFiles(modules, 2)).toEqual(['   42.0 s  slow.test.ts', '    9.5 s  middle.test.ts']);
  });
});
