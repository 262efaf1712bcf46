/** Inputs, results, signals and queries shared by workflows and the clients that start them. */

export interface PlatformCheckResult {
  /** The database's own clock, proving an activity reached PostgreSQL. */
  databaseTime: string;
  /** The task queue whose worker ran the activity. */
  taskQueue: string;
}
