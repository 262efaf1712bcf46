/** The watchlist refreshes: their Schedule, the sources, when a list is stale, and where each is downloaded. */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const pipelineEnvironment = z.object({
  PIPELINE_SCHEDULE_EVERY_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  PIPELINE_SCHEDULED_SOURCES: z
    .string()
    .default('dfat,un,ofac')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(dfat|un|ofac|opensanctions:[a-z0-9_]+)$/, 'each source must be dfat, un, ofac or opensanctions:<dataset>'))),
  LIST_STALE_AFTER_HOURS: z.coerce.number().min(1).default(36),
  LISTS_ON_FIRST_START: z.enum(['auto', 'official', 'snapshot', 'off']).default('auto'),
  LIST_URL_DFAT: optionalString.pipe(z.url().optional()),
  LIST_URL_UN: optionalString.pipe(z.url().optional()),
  LIST_URL_OFAC_SDN: optionalString.pipe(z.url().optional()),
  LIST_URL_OFAC_ALT: optionalString.pipe(z.url().optional()),
  LIST_URL_OFAC_ADD: optionalString.pipe(z.url().optional()),
});

/** Watchlist refresh schedule: every N hours (0 = no schedule) for these sources. */
export function pipelineSettings(e: z.output<typeof pipelineEnvironment>) {
  return {
    everyHours: e.PIPELINE_SCHEDULE_EVERY_HOURS,
    sources: e.PIPELINE_SCHEDULED_SOURCES,
    staleAfterHours: e.LIST_STALE_AFTER_HOURS,
    /** What `npm start` loads for a list with no version yet: the official file when reachable, else the repository's snapshot. */
    onFirstStart: e.LISTS_ON_FIRST_START,
    urls: { dfat: e.LIST_URL_DFAT, un: e.LIST_URL_UN, ofac: { sdn: e.LIST_URL_OFAC_SDN, alt: e.LIST_URL_OFAC_ALT, add: e.LIST_URL_OFAC_ADD } } as ListUrls,
  };
}

/** Where scheduled refreshes download each list; unset means the official URL the loader knows. */
export interface ListUrls {
  dfat?: string;
  un?: string;
  ofac?: { sdn?: string; alt?: string; add?: string };
}
