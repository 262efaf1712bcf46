/** Platform activities: the database round trip behind the platform-check workflow. */
import { activityInfo } from '@temporalio/activity';
import type { PlatformCheckResult } from '../workflows/definitions';
import type { ActivityDeps } from './deps';
import { sql } from '../src/db/sql';

export function createPlatformActivities(deps: ActivityDeps) {
  return {
    /** Reads `now()` from PostgreSQL in a fresh entity-manager fork. */
    async readDatabaseClock(): Promise<PlatformCheckResult> {
      const em = deps.orm.em.fork();
      const rows = await sql<{ now: Date }[]>(em, 'select now() as now');
      const now = rows[0]?.now;
      if (!now) throw new Error('PostgreSQL returned no clock');
      return { databaseTime: new Date(now).toISOString(), taskQueue: activityInfo().taskQueue };
    },
  };
}

export type PlatformActivities = ReturnType<typeof createPlatformActivities>;
