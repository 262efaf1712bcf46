/** The screening capability as one unit: the live matching index and the scan service over it. */
import type { AppConfig } from '../../config';
import type { DatabaseNotifications } from '../../db/notifications';
import type { Orm } from '../../db/orm';
import type { Logger } from '../../logger';
import { RuledCustomers } from './ruled-customers';
import { ScanService } from './scan.service';
import { ScreeningIndex } from './screening-index';
import { SourceFreshness } from './source-freshness';

export interface Screening {
  index: ScreeningIndex;
  /** How stale each list's version is; the one instance every scan of this process asks. */
  freshness: SourceFreshness;
  scans: ScanService;
}

/** Subscribes the index to list-version notifications; call before `notifications.start()`, then `index.rebuild()`. */
export function createScreening(orm: Orm, logger: Logger, config: AppConfig, notifications: DatabaseNotifications): Screening {
  const index = new ScreeningIndex(orm, logger, notifications, { db: config.db, workerFromEntities: config.matching.indexWorkerFromEntities, buildThreadNice: config.priority.apiHelperThreads });
  const freshness = new SourceFreshness(config.pipeline.staleAfterHours, config.pipeline.sources);
  return { index, freshness, scans: new ScanService(index, freshness, new RuledCustomers(notifications), { groupCommitMs: config.db.groupCommitMs }) };
}
