/**
 * Watchlist refresh activities: thin adapters over src/modules/watchlists that decide what is worth
 * retrying. A file in the wrong format or missing will not get better by retrying; a network or
 * database hiccup will.
 */
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { parseListFile, type ListSource } from '../src/sources/registry';
import { UnexpectedFormatError } from '../src/sources/listed-entity';
import { fetchList, type FetchedList, type RefreshRequest } from '../src/modules/watchlists/list-fetcher';
import { collectList, storeListVersion, versionStoredByRun, type StoredVersion } from '../src/modules/watchlists/list-version.store';
import { beginPipelineRun, finishPipelineRun, lastValidators, type PipelineRunStatus } from '../src/modules/watchlists/pipeline-runs';
import type { ActivityDeps } from './deps';

export type ReadyList = Extract<FetchedList, { status: 'ready' }>;

function permanent(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof UnexpectedFormatError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
    throw ApplicationFailure.nonRetryable(message, err instanceof UnexpectedFormatError ? 'UnexpectedFormat' : 'FileNotFound');
  }
  throw err;
}

export function createWatchlistActivities(deps: ActivityDeps) {
  return {
    async beginRefresh(input: { runId: string; source: string; workflowId: string }): Promise<void> {
      await beginPipelineRun(deps.orm.em.fork(), input);
    },

    /** Reads the operator's file or downloads the list (conditionally on the last run's validators). */
    async fetchListFiles(request: RefreshRequest): Promise<FetchedList> {
      try {
        const previous = request.file ? {} : await lastValidators(deps.orm.em.fork(), request.source);
        return await fetchList(request, previous, deps.config.pipeline.urls);
      } catch (err) {
        return permanent(err);
      }
    },

    /** Parses and stores a new version unless identical to the current one; idempotent per pipeline run. */
    async storeListVersion(input: { runId: string; source: string; list: ReadyList; listKind?: RefreshRequest['listKind'] }): Promise<StoredVersion> {
      const em = deps.orm.em.fork();
      const already = await versionStoredByRun(em, input.runId);
      if (already) return already;
      const heartbeat = (progress: object) => Context.current().heartbeat({ stage: 'parsing', ...progress });
      try {
        const events = parseListFile({ source: input.source as ListSource, path: input.list.path, altPath: input.list.altPath, addPath: input.list.addPath, listKind: input.listKind });
        const list = await collectList(events, heartbeat);
        Context.current().heartbeat({ stage: 'storing', entities: list.entities.size, problems: list.problemCount });
        return await storeListVersion(em, { source: input.source, origin: input.list.origin, list, pipelineRunId: input.runId });
      } catch (err) {
        return permanent(err);
      } finally {
        if (/^https?:/.test(input.list.origin)) await rm(dirname(input.list.path), { recursive: true, force: true });
      }
    },

    async finishRefresh(input: { runId: string; status: Exclude<PipelineRunStatus, 'running'>; detail: Record<string, unknown> }): Promise<void> {
      await finishPipelineRun(deps.orm.em.fork(), input);
    },
  };
}

export type WatchlistActivities = ReturnType<typeof createWatchlistActivities>;
