/**
 * The smallest real workflow: one activity that queries PostgreSQL. It proves the whole chain
 * (client → Temporal → worker → activity → database) works, for tests and for operators.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { PlatformActivities } from '../activities/platform';
import { infrastructureWork } from './activity-options';
import type { PlatformCheckResult } from './definitions';

const { readDatabaseClock } = proxyActivities<PlatformActivities>(infrastructureWork);

export async function platformCheckWorkflow(): Promise<PlatformCheckResult> {
  return readDatabaseClock();
}
