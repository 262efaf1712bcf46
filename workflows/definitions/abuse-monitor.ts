/** The abuse monitor's contract (`acp-abuse-monitor-<task queue>`, signal-with-start by the API). */
import { defineSignal } from '@temporalio/workflow';

export interface AbuseMonitorInput {
  reviewEverySeconds: number;
  cleanWindowSeconds: number;
  /** Where the last review stopped (ISO time of the latest job seen). */
  cursor?: string | null;
}

export const trafficRecordedSignal = defineSignal('trafficRecorded');
