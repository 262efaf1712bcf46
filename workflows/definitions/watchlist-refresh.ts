/** The watchlist refresh workflow's contract (`pipeline-<source>-<time>`, Schedules `pipeline-<source>`). */
import { defineQuery } from '@temporalio/workflow';
import type { RefreshRequest } from '../../src/modules/watchlists/list-fetcher';
import type { StoredVersion } from '../../src/modules/watchlists/list-version.store';
import type { SweepSettings } from './monitoring-sweep';

export interface RefreshWorkflowInput extends RefreshRequest {
  sweep: SweepSettings;
}

export interface RefreshResult {
  outcome: 'created' | 'unchanged' | 'not_modified';
  version: StoredVersion | null;
  sweep: string | null;
}

export type RefreshStage = 'starting' | 'fetching' | 'storing' | 'announcing' | 'done' | 'failed';

export const refreshStageQuery = defineQuery<RefreshStage>('refreshStage');
