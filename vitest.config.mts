import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` never touches I/O and runs in parallel; `integration` talks to the real
 * PostgreSQL, Redis and Temporal dev server prepared once by the global setup, so its files run
 * one after another on this small machine.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/{api,workflows,activities,integration,faults,fuzz,security}/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          fileParallelism: false,
          // The files share one worker's modules instead of importing the app's graph again each: that
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
