/**
 * A first start screens against real lists. For each of DFAT, UN and OFAC that has no version yet,
 * `npm start` starts the same refresh workflow the Schedule runs, now rather than at its first
 * interval: from the official URL when it answers, otherwise (or when that download fails) from the
 * dated snapshot kept in `snapshots/lists/`, whose publication date the version carries so scans name
 * it and call the data stale by it.
 */
import type { Client } from '@temporalio/client';
import type { AppConfig } from './config';
import type { Orm } from './db/orm';
import { currentListStatuses } from './modules/watchlists/list-status';
import { SNAPSHOT_SOURCES, readSnapshotManifest, snapshotRefreshRequest, type SnapshotSource } from './modules/watchlists/list-snapshot';
import type { RefreshRequest } from './modules/watchlists/list-fetcher';
import { DFAT_CONSOLIDATED_LIST_URL } from './sources/dfat/fetch';
import { OFAC_SDN_URLS } from './sources/ofac/fetch';
import { UN_CONSOLIDATED_LIST_URL } from './sources/un/fetch';
import { ListSourceAttribute } from './temporal/search-attributes';
import { workflowIds } from './temporal/workflow-ids';
import { refreshInput } from './temporal/workflow-inputs';
import { watchlistRefreshWorkflow } from '../workflows/watchlist-refresh';
import type { RefreshResult } from '../workflows/definitions';

export type FirstLoad = { source: SnapshotSource; from: 'official' | 'snapshot'; published?: string; result: Promise<RefreshResult> };

export interface FirstLoadDeps {
  config: AppConfig;
  orm: Orm;
  client: Client;
  /** Where gzipped snapshot files are expanded for the worker to read. */
  workDir: string;
  /** Whether an official URL answers at all; a short HEAD by default. */
  reachable?: (url: string) => Promise<boolean>;
  log: (line: string) => void;
}

const PROBE_TIMEOUT_MS = 5_000;

/** Any HTTP answer short of a server error within a few seconds: the download is worth trying. */
export async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return res.status < 500;
  } catch {
    return false;
  }
}

function officialUrl(config: AppConfig, source: SnapshotSource): string {
  const urls = config.pipeline.urls;
  if (source === 'dfat') return urls.dfat ?? DFAT_CONSOLIDATED_LIST_URL;
  if (source === 'un') return urls.un ?? UN_CONSOLIDATED_LIST_URL;
  return urls.ofac?.sdn ?? OFAC_SDN_URLS.sdn;
}

/** Starts the refresh; resolves once it is started, with its outcome still to come. */
async function startRefresh(deps: FirstLoadDeps, request: RefreshRequest, from: string): Promise<{ outcome: Promise<RefreshResult> }> {
  const handle = await deps.client.workflow.start(watchlistRefreshWorkflow, {
    taskQueue: deps.config.temporal.taskQueue,
    workflowId: workflowIds.pipeline(request.source),
    args: [refreshInput(deps.config, request)],
    typedSearchAttributes: [{ key: ListSourceAttribute, value: request.source }],
    memo: { startedBy: 'first start', file: from },
  });
  return { outcome: handle.result() };
}

async function fromSnapshot(deps: FirstLoadDeps, source: SnapshotSource): Promise<FirstLoad> {
  const request = await snapshotRefreshRequest(source, deps.workDir);
  return { source, from: 'snapshot', published: request.publishedAt, result: (await startRefresh(deps, request, `snapshot of ${request.publishedAt}`)).outcome };
}

/**
 * Starts a refresh for every snapshot source the deployment screens against that has no version yet;
 * returns one entry per refresh started. An official download that fails falls back to the snapshot
 * (the entry's result is then the snapshot's).
 */
export async function loadListsOnFirstStart(deps: FirstLoadDeps): Promise<FirstLoad[]> {
  const mode = deps.config.pipeline.onFirstStart;
  if (mode === 'off') return [];
  const loaded = new Set((await currentListStatuses(deps.orm.em.fork())).map((s) => s.source));
  const wanted = SNAPSHOT_SOURCES.filter((s) => deps.config.pipeline.sources.includes(s) && !loaded.has(s));
  const reachable = deps.reachable ?? answers;
  const manifest = readSnapshotManifest();
  const loads: FirstLoad[] = [];
  for (const source of wanted) {
    const url = officialUrl(deps.config, source);
    const official = mode === 'official' || (mode === 'auto' && (await reachable(url)));
    if (!official) {
      deps.log(`${source}: no version loaded; loading the snapshot published ${manifest.lists[source].published}${mode === 'auto' ? ` (${url} did not answer)` : ''}`);
      loads.push(await fromSnapshot(deps, source));
      continue;
    }
    deps.log(`${source}: no version loaded; downloading ${url}`);
    const download = (await startRefresh(deps, { source }, 'official URL')).outcome;
    const result =
      mode === 'official'
        ? download
        : download.catch(async (err: unknown) => {
            deps.log(`${source}: the download failed (${err instanceof Error ? err.message : String(err)}); loading the snapshot instead`);
            return (await fromSnapshot(deps, source)).result;
          });
    loads.push({ source, from: 'official', result });
  }
  return loads;
}
