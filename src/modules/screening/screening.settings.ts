/** How the API builds the matching index when a list version lands. */
import { z } from 'zod';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const screeningEnvironment = z.object({
  MATCH_INDEX_WORKER_FROM_ENTITIES: z.coerce.number().int().min(0).default(1000),
});

/**
 * `indexWorkerFromEntities`: list versions holding at least this many entities between them are
 * indexed in a worker thread and handed over in slices; smaller ones (a few milliseconds of work)
 * are indexed on the request thread, without a thread's start-up (0: always a worker).
 */
export function matchingSettings(e: z.output<typeof screeningEnvironment>) {
  return { indexWorkerFromEntities: e.MATCH_INDEX_WORKER_FROM_ENTITIES };
}
