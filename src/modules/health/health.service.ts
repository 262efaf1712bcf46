/**
 * The service's own view of its components. The API stays up while Redis or Temporal are down
 * (rate limits fail open, workflows wait), so only the database decides 200 versus 503; the body
 * tells an operator exactly which part is unwell and how slow each answered.
 */

export type ComponentStatus = 'ok' | 'degraded' | 'down';

export interface ComponentHealth {
  status: ComponentStatus;
  detail: string;
  latency_ms: number | null;
}

export interface PipelineRunSummary {
  source: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  workflow_id: string | null;
}

export interface HealthReport {
  status: ComponentStatus;
  checked_at: string;
  version: string;
  components: {
    database: ComponentHealth;
    rate_limit_store: ComponentHealth;
    temporal: ComponentHealth;
    data_pipeline: (ComponentHealth & { last_run: PipelineRunSummary }) | null;
    acp: ComponentHealth;
    /** The public registers behind the Trust Score and when each was last refreshed (`never` until loaded). */
    registers: ComponentHealth & { last_refreshed: Record<string, string> };
    /** The watchlist versions scans consult, and where each came from (a download, or a dated copy such as the bundled snapshot). */
    watchlists: ComponentHealth & { loaded: Record<string, LoadedListSummary> };
  };
}

export interface LoadedListSummary {
  version: number;
  entities: number;
  loaded_at: string;
  /** `official` for a download, `file` for a copy read from disk (the bundled snapshot, or an operator's file). */
  origin: 'official' | 'file';
  /** The publisher's date of a dated copy, null for a download. */
  published_at: string | null;
}

/** A probe resolves with a detail (and optionally a verdict other than ok) or rejects when down. */
export type Probe = () => Promise<{ detail: string; status?: ComponentStatus }>;

export interface HealthProbes {
  database: Probe;
  rateLimitStore: Probe;
  temporal: Probe;
  /** Latest pipeline run, or null when none has run yet. */
  lastPipelineRun: () => Promise<PipelineRunSummary | null>;
  acp: Probe;
  /** Last refresh per register source; `never` for one not loaded. */
  registers: () => Promise<Record<string, string>>;
  /** The current version of each loaded watchlist, and the sources configured to be screened against. */
  watchlists: () => Promise<{ loaded: Record<string, LoadedListSummary>; expected: string[] }>;
}

/** Each probe gets this long before it counts as down: /health must answer quickly even when a part hangs. */
export const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function runProbe(probe: Probe): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    const result = await withTimeout(probe(), PROBE_TIMEOUT_MS);
    return { status: result.status ?? 'ok', detail: result.detail, latency_ms: Math.round((performance.now() - started) * 100) / 100 };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : String(err), latency_ms: null };
  }
}

/** Failed and stale runs make the pipeline component degraded, never down: scans still answer from the last version. */
function pipelineHealth(run: PipelineRunSummary): ComponentHealth & { last_run: PipelineRunSummary } {
  const status: ComponentStatus = run.status === 'failed' ? 'degraded' : 'ok';
  return { status, detail: `last run of ${run.source}: ${run.status}`, latency_ms: null, last_run: run };
}

/**
 * The registers row is information, not a verdict: a register not loaded yet lowers Trust Scores (they
 * list it in `incomplete_sources`) but nothing is failing, so it never changes the overall status.
 */
async function registersHealth(probes: HealthProbes): Promise<HealthReport['components']['registers']> {
  const started = performance.now();
  try {
    const last_refreshed = await withTimeout(probes.registers(), PROBE_TIMEOUT_MS);
    const missing = Object.entries(last_refreshed).filter(([, at]) => at === 'never').map(([source]) => source);
    const detail = missing.length ? `not loaded yet: ${missing.join(', ')} (Trust Scores list them in incomplete_sources)` : 'every register loaded';
    return { status: 'ok', detail, latency_ms: Math.round((performance.now() - started) * 100) / 100, last_refreshed };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : String(err), latency_ms: null, last_refreshed: {} };
  }
}

/**
 * Like the registers row, information rather than a verdict (a first start is healthy while its lists
 * load): it says which lists scans consult and whether each is a download or a dated copy.
 */
async function watchlistsHealth(probes: HealthProbes): Promise<HealthReport['components']['watchlists']> {
  const started = performance.now();
  try {
    const { loaded, expected } = await withTimeout(probes.watchlists(), PROBE_TIMEOUT_MS);
    const describe = (source: string) => {
      const list = loaded[source];
      if (!list) return `${source} not loaded`;
      return `${source} v${list.version}${list.published_at ? ` (a copy published ${list.published_at})` : ''}`;
    };
    const sources = [...new Set([...expected, ...Object.keys(loaded)])];
    return { status: 'ok', detail: sources.map(describe).join(', ') || 'no list configured', latency_ms: Math.round((performance.now() - started) * 100) / 100, loaded };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : String(err), latency_ms: null, loaded: {} };
  }
}

/** Runs every probe concurrently and folds them into one report. */
export async function checkHealth(probes: HealthProbes, version: string, now: () => Date = () => new Date()): Promise<HealthReport> {
  const [database, rateLimitStore, temporal, acp, lastRun, registers, watchlists] = await Promise.all([
    runProbe(probes.database),
    runProbe(probes.rateLimitStore),
    runProbe(probes.temporal),
    runProbe(probes.acp),
    withTimeout(probes.lastPipelineRun(), PROBE_TIMEOUT_MS).catch(() => null),
    registersHealth(probes),
    watchlistsHealth(probes),
  ]);
  const components = {
    database,
    rate_limit_store: rateLimitStore,
    temporal,
    data_pipeline: lastRun ? pipelineHealth(lastRun) : null,
    acp,
    registers,
    watchlists,
  };
  const all = [database, rateLimitStore, temporal, acp, components.data_pipeline].filter((c) => c !== null);
  const status: ComponentStatus =
    database.status === 'down' ? 'down' : all.every((c) => c.status === 'ok') ? 'ok' : 'degraded';
  return { status, checked_at: now().toISOString(), version, components };
}
