import { defineConfig } from 'vitest/config';

/**
 * Two projects, run side by side: `unit` never touches I/O; `integration` talks to the real
 * PostgreSQL, Redis, Temporal dev server, stripe-mock and anvil the global setup starts once per run.
 * Integration files run three at a time: most of their time is spent waiting on those services, not on
 * this machine's two cores, and the unit files use the cores they leave idle. Each file gets its own database, Redis prefix and
 * task queue (`test/helpers/file-setup.ts`), each worker its own anvil and Temporal namespace
 * (docs/testing.md).
 */
const INTEGRATION_WORKERS = Number(process.env.TEST_INTEGRATION_WORKERS ?? 3); // 1 runs them one after another, to compare

export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          maxWorkers: INTEGRATION_WORKERS, // vitest runs projects side by side only with the same count
          // Pure code with nothing to reset between files (no module mocks, no environment changes): a
          // worker's files share its imported modules instead of importing them again for each file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/{api,workflows,activities,integration,faults,fuzz,security}/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          setupFiles: ['test/helpers/file-setup.ts'],
          maxWorkers: INTEGRATION_WORKERS,
          // A worker's files share its modules instead of importing the app's graph again each: that
          // import was 300 of the suite's 1,200 s on this machine. They mock nothing and set no process
          // environment; each starts its own app and worker over the real services.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
