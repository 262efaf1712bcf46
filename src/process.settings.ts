/** The process's own variables: which environment, how loud, how nice, where data and bundles live. */
import { z } from 'zod';
import { optionalString } from './schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const processEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Nice values (0–19, 0: unchanged) for the API's helper threads and the whole worker (src/cpu-priority.ts). */
  API_HELPER_THREADS_NICE: z.coerce.number().int().min(0).max(19).default(10),
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /** A prebuilt workflow bundle for the worker to load instead of bundling `workflows/` at start. */
  WORKFLOW_BUNDLE_PATH: optionalString,
});

/** The top-level fields of the config that belong to the process rather than to a module. */
export function processSettings(e: z.output<typeof processEnvironment>) {
  return {
    env: e.NODE_ENV,
    log: { level: e.LOG_LEVEL },
    priority: { apiHelperThreads: e.API_HELPER_THREADS_NICE, worker: e.WORKER_NICE },
    dataDir: e.DATA_DIR,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    workflowBundlePath: e.WORKFLOW_BUNDLE_PATH,
  };
}
