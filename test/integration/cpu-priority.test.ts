import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWorkerProcess, workerProcessEnv } from '../helpers/worker-process';

const ROOT = join(__dirname, '..', '..');
const CHILD = 'test/fixtures/processes/cpu-priority-child.ts';

interface ChildReport {
  first: { lowered: number; alreadyLow: number; failed: number; autogroup: boolean };
  threads: { tid: number; nice: number; main: boolean; startedLater: boolean }[];
  autogroup: string;
}

function runChild(args: string[]): ChildReport {
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', CHILD, ...args], { cwd: ROOT, encoding: 'utf8' })) as ChildReport;
}

/** The same report, from a child that leads its own session (as `npm start` starts the worker). */
async function runChildInOwnSession(args: string[]): Promise<ChildReport> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out) as ChildReport;
}

describe('CPU priority of our own threads (Linux nice per thread)', () => {
  it("lowers the API's helper threads and leaves its request thread at the priority it had", () => {
    const report = runChild(['10', 'helpers', '0']);
    const main = report.threads.filter((t) => t.main);
    const helpers = report.threads.filter((t) => !t.main);
    expect(main).toEqual([expect.objectContaining({ nice: 0 })]);
    expect(helpers.length).toBeGreaterThanOrEqual(4); // V8's platform threads at least
    expect(helpers.every((t) => t.nice === 10)).toBe(true);
    expect(report.first).toMatchObject({ lowered: helpers.length, failed: 0, autogroup: false });
  });

  it('lowers a helper thread started after the first pass on the next one', () => {
    const report = runChild(['10', 'helpers', '50', '', 'later-thread']);
    const later = report.threads.filter((t) => t.startedLater);
    expect(later.length).toBeGreaterThanOrEqual(1);
    expect(later.every((t) => t.nice === 10)).toBe(true);
    expect(report.threads.find((t) => t.main)?.nice).toBe(0);
  });

  it('lowers the whole worker process, and threads it starts later inherit the priority', () => {
    const report = runChild(['10', 'main', '0', '', 'later-thread']);
    expect(report.threads.some((t) => t.startedLater)).toBe(true);
    expect(report.threads.every((t) => t.nice === 10)).toBe(true);
  });

  it('never raises a thread an operator set lower', () => {
    const report = runChild(['10', 'main', '0', '15']);
    expect(report.threads.every((t) => t.nice === 15)).toBe(true);
    expect(report.first).toMatchObject({ lowered: 0, failed: 0 });
  });

  it('changes nothing at 0', () => {
    const report = runChild(['0', 'main', '0']);
    expect(report.threads.every((t) => t.nice === 0)).toBe(true);
  });

  it("lowers the session's autogroup only for a process that leads its own session", async () => {
    // A child in the test runner's session leaves that session's group as it was.
    expect(runChild(['10', 'main', '0']).autogroup).toBe(readFileSync('/proc/self/autogroup', 'utf8').trim());
    const own = await runChildInOwnSession(['10', 'main', '0']);
    expect(own.first.autogroup).toBe(true);
    expect(own.autogroup).toMatch(/ nice 10$/);
  });

  it('the real worker process runs every thread at WORKER_NICE, Temporal’s runtime included', async () => {
    const worker = startWorkerProcess(workerProcessEnv('cpu-priority', { WORKER_NICE: '7' }));
    try {
      const pid = worker.pid ?? 0;
      const deadline = Date.now() + 60_000;
      let threads: number[] = [];
      // Temporal's runtime and the workflow thread start after the first pass; wait until they have.
      while (Date.now() < deadline) {
        threads = readdirSync(`/proc/${pid}/task`).map(Number);
        const names = threads.map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());
        if (names.some((n) => n.startsWith('tokio') || n.startsWith('temporal')) && threads.length > 12) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(threads.length).toBeGreaterThan(12);
      const nices = threads.flatMap((tid) => {
        try {
          return [getPriority(tid)];
        } catch {
          return []; // the thread ended in between
        }
      });
      expect(nices.length).toBeGreaterThan(12);
      expect(nices.every((nice) => nice === 7)).toBe(true);
    } finally {
      worker.kill('SIGKILL');
    }
  });
});
