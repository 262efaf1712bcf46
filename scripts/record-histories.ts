/**
 * Re-records the workflow histories the replay test (test/workflows/history-replay.test.ts) replays:
 * `npx tsx scripts/record-histories.ts`. Run it when a workflow changed on purpose and the change is
 * versioned (docs/operations.md, "Replaying workflow histories before a deploy"), or when a workflow
 * type is added. It needs what `npm test` needs (PostgreSQL, Redis, the Temporal CLI, stripe-mock).
 *
 * The recording is a vitest file (scripts/record-histories/record.recording.ts) run through vitest's
 * Node API with the integration tests' global setup, because that is how it reuses the whole test
 * stack and its helpers; its name keeps it out of `npm test`. It takes about two minutes and rewrites
 * test/fixtures/histories/ only when every registered type was recorded and no history holds a secret.
 */
import { join } from 'node:path';

async function main(): Promise<void> {
  const { startVitest } = await import('vitest/node');
  const root = join(__dirname, '..');
  const vitest = await startVitest('test', [], {
    config: false,
    root,
    include: ['scripts/record-histories/record.recording.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    watch: false,
  });
  const failed = vitest.state.getCountOfFailedTests() + vitest.state.getUnhandledErrors().length;
  await vitest.close();
  process.exit(failed === 0 && process.exitCode !== 1 ? 0 : 1);
}

main().catch((err: unknown) => {
  process.stderr.write(`recording failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
