/**
 * Watchlist refresh activities: thin adapters over src/modules/watchlists that decide what is worth
 * retrying. A file in the wrong format or missing will not get better by retrying; a network or
 * database hiccup will.
 */
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { recordVersionSweep } from '../src/modules/watchlists/version-sweep.store';
import { keepFetchedFile, materialiseFetchedFiles, releaseFetchedFiles } from '../src/modules/watchlists/fetched-file.store';
import { parseListFile, type ListSource } from '../src/sources/registry';
import { UnexpectedFormatError } from '../src/sources/listed-entity';
import { fetchList, type FetchedList, type RefreshRequest } from '../src/modules/watchlists/list-fetcher';
import { collectList, storeListVersion, versionStoredByRun, type StoredVersion } from '../src/modules/watchlists/list-version.store';
import { beginPipelineRun, finishPipelineRun, lastValidators, type PipelineRunStatus } from '../src/modules/watchlists/pipeline-run.store';
import type { ActivityDeps } from './deps';

export type ReadyList = Extract<FetchedList, { status: 'ready' }>;

/** A file in the wrong format or missing will not get better by retrying: fail the run at once. */
function isPermanent(err: unknown): boolean {
  return !isDatabaseUnavailable(err) && (err instanceof UnexpectedFormatError || (err as NodeJS.ErrnoException).code === 'ENOENT');
}

function permanent(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  if (isPermanent(err)) throw ApplicationFailure.nonRetryable(message, err instanceof UnexpectedFormatError ? 'UnexpectedFormat' : 'FileNotFound');
  throw err;
}

const downloaded = (list: ReadyList) => /^https?:/.test(list.origin);

export function createWatchlistActivities(deps: ActivityDeps) {
  return {
    async beginRefresh(input: { runId: string; source: string; workflowId: string }): Promise<void> {
      await beginPipelineRun(deps.orm.em.fork(), input);
    },

    /**
     * Reads the operator's file or downloads the list (conditionally on the last run's validators). A
     * download goes into the shared fetched-file store and only its key is handed on, so the parse
     * finds it on any worker and on any retry; the worker's own temporary copy is removed at once.
     */
    async fetchListFiles(request: RefreshRequest): Promise<FetchedList> {
      let list: FetchedList;
      try {
        const previous = request.file ? {} : await lastValidators(deps.orm.em.fork(), request.source);
        list = await fetchList(request, previous, deps.config.pipeline.urls);
      } catch (err) {
        return permanent(err);
      }
      if (list.status !== 'ready' || !downloaded(list)) return list;
      const temporary = [list.path, list.altPath, list.addPath].filter((p): p is string => !!p);
      try {
        const em = deps.orm.em.fork();
        const keep = async (path: string | undefined) => (path ? keepFetchedFile(em, path) : undefined);
        return { ...list, path: (await keep(list.path))!, altPath: await keep(list.altPath), addPath: await keep(list.addPath) };
      } finally {
        await Promise.all(temporary.map((path) => rm(dirname(path), { recursive: true, force: true })));
      }
    },

    /** Parses and stores a new version unless identical to the current one; idempotent per pipeline run. */
    async storeListVersion(input: { runId: string; source: string; list: ReadyList; listKind?: RefreshRequest['listKind'] }): Promise<StoredVersion> {
      const em = deps.orm.em.fork();
      const kept = [input.list.path, input.list.altPath, input.list.addPath];
      const already = await versionStoredByRun(em, input.runId);
      if (already) {
        await releaseFetchedFiles(em, kept);
        return already;
      }
      const heartbeat = (progress: object) => Context.current().heartbeat({ stage: 'parsing', ...progress });
      let local: Awaited<ReturnType<typeof materialiseFetchedFiles<{ path: string; altPath?: string; addPath?: string }>>> | undefined;
      try {
        local = await materialiseFetchedFiles(em, { path: input.list.path, altPath: input.list.altPath, addPath: input.list.addPath });
        const events = parseListFile({ source: input.source as ListSource, ...local.paths, listKind: input.listKind });
        const list = await collectList(events, heartbeat);
        Context.current().heartbeat({ stage: 'storing', entities: list.entities.size, problems: list.problemCount });
        const version = await storeListVersion(em, { source: input.source, origin: input.list.origin, list, pipelineRunId: input.runId, publishedAt: input.list.publishedAt });
        await releaseFetchedFiles(em, kept);
        return version;
      } catch (err) {
        // Kept for the retry unless the file itself is at fault; this attempt's local copy always goes.
        if (isPermanent(err)) await releaseFetchedFiles(em, kept).catch(() => {});
        return permanent(err);
      } finally {
        await local?.cleanup();
      }
    },

    /** Records the sweep a new version handed over to, so the recovery schedule knows it started. */
    async recordSweepStarted(input: { versionId: string; workflowId: string }): Promise<void> {
      await recordVersionSweep(deps.orm.em.fork(), input.versionId, input.workflowId);
    },

    async finishRefresh(input: { runId: string; status: Exclude<PipelineRunStatus, 'running'>; detail: Record<string, unknown> }): Promise<void> {
      await finishPipelineRun(deps.orm.em.fork(), input);
    },
  };
}

export type WatchlistActivities = ReturnType<typeof createWatchlistActivities>;
