/** Batch screening, and the recovery Schedule that starts work whose start was lost. */
import { z } from 'zod';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const batchEnvironment = z.object({
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  BATCH_CHUNK_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  BATCH_START_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  RECOVERY_EVERY_MINUTES: z.coerce.number().min(0).max(24 * 60).default(5),
  RECOVERY_STRANDED_AFTER_SECONDS: z.coerce.number().int().min(0).default(120),
});

/** `startDeadlineMs`: how long a submission waits for Temporal to accept its workflow before answering 503. */
export function batchSettings(e: z.output<typeof batchEnvironment>) {
  return { concurrency: e.BATCH_CONCURRENCY, chunkSize: e.BATCH_CHUNK_SIZE, startDeadlineMs: e.BATCH_START_DEADLINE_MS };
}

/** Every N minutes (0 = none) start pending jobs and re-drive pending webhooks older than `strandedAfterSeconds`. */
export function recoverySettings(e: z.output<typeof batchEnvironment>) {
  return { everyMinutes: e.RECOVERY_EVERY_MINUTES, strandedAfterSeconds: e.RECOVERY_STRANDED_AFTER_SECONDS };
}
