/** Scheduled monitoring sweep every N hours (0 = none); sweeps also follow every new list version. */
import { z } from 'zod';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const monitoringEnvironment = z.object({
  MONITORING_SWEEP_EVERY_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  MONITORING_SWEEP_PAGE_SIZE: z.coerce.number().int().min(1).max(5_000).default(500),
  /** Full re-screen pages one worker process runs at once (its queue: `rescreenPageQueue`). */
  RESCREEN_PAGES_PER_WORKER: z.coerce.number().int().min(1).max(64).default(2),
});

export function monitoringSettings(e: z.output<typeof monitoringEnvironment>) {
  return { sweepEveryHours: e.MONITORING_SWEEP_EVERY_HOURS, sweepPageSize: e.MONITORING_SWEEP_PAGE_SIZE, rescreenPagesPerWorker: e.RESCREEN_PAGES_PER_WORKER };
}
