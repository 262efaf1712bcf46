/** What activities are built with: created once in the worker, shared by every activity call. */
import type { AppConfig } from '../src/config';
import type { Orm } from '../src/db/orm';
import type { Logger } from '../src/logger';
import type { Screening } from '../src/modules/screening/screening';

export interface ActivityDeps {
  config: AppConfig;
  orm: Orm;
  logger: Logger;
  /** The live matching index and scan service (batch items, monitoring sweeps). */
  screening: Screening;
}
