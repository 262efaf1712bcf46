/** The platform check's contract: the one workflow that proves client → Temporal → worker → activity → database works. */

export interface PlatformCheckResult {
  /** The database's own clock, proving an activity reached PostgreSQL. */
  databaseTime: string;
  /** The task queue whose worker ran the activity. */
  taskQueue: string;
}
