/**
 * The whole service for end-to-end benchmarks, as production runs it: a Temporal dev server (the local
 * CLI), a fresh bench database, and the API and worker as separate Node processes running the compiled
 * code (`npm run build`, done here first for each checkout the bench runs) and the prebuilt workflow
 * bundle. Everything listens on loopback and everything is stopped at the end.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { API_NODE_FLAGS } from '../../src/api-node-flags';
import { resolveTemporalCli } from '../../src/platform/temporal/cli-binary';
import { startDevServer, stopChild, type RunningDevServer } from '../../src/platform/temporal/dev-server';
import { freshBenchConfig } from './bench-app';
import type { AppConfig } from '../../src/config';

const ROOT = join(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface BenchStack {
  url: string;
  config: AppConfig;
  env: Record<string, string>;
  /** Process ids of the API (the cluster primary when API_PROCESSES > 1) and the worker, for CPU accounting. */
  pids: { api: number; worker: number };
  restartWorker(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * API processes run with the service's own V8 flags (`API_NODE_FLAGS`), then BENCH_API_NODE_ARGS (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`, which profiles them; a later flag wins over an earlier one);
 * workers with BENCH_WORKER_NODE_ARGS. BENCH_API_STDOUT=1 shows the API's standard output (what
 * `--trace-gc` prints), which is dropped otherwise.
 */
export function startProcess(entry: 'server' | 'worker', env: Record<string, string>, root = ROOT): ChildProcess {
  ensureBuilt(root);
  const args = (name: string) => (process.env[name] ?? '').split(' ').filter(Boolean);
  const extra = entry === 'server' ? [...API_NODE_FLAGS, ...args('BENCH_API_NODE_ARGS')] : args('BENCH_WORKER_NODE_ARGS');
  return spawn(process.execPath, [...extra, join('dist', 'src', `${entry}.js`)], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', process.env.BENCH_API_STDOUT ? 'inherit' : 'ignore', 'inherit'] });
}

const built = new Set<string>();

/** Compiles `root`'s checkout once per bench run (tsc and the workflow bundle), so its processes run what production runs. */
function ensureBuilt(root: string): void {
  if (built.has(root)) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  built.add(root);
}

/** API processes build their matching index before they answer: on a busy machine that takes minutes (BENCH_HEALTH_TIMEOUT_MS gives them longer). */
const HEALTH_TIMEOUT_MS = Number(process.env.BENCH_HEALTH_TIMEOUT_MS ?? 180_000);

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const body = (await (await fetch(`${url}/health`)).json()) as { components?: { temporal?: { status: string } } };
      if (body.components?.temporal?.status === 'ok') return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the API at ${url} did not become healthy`);
}

/**
 * `apiRoot`: another checkout of the service whose API process to run (its compiled `src/server.ts`), for a
 * before/after comparison in one run on one machine (`bench:rebuild --baseline`); the worker and the
 * database stay this checkout's.
 */
export async function startBenchStack(name: string, extraEnv: Record<string, string> = {}, prepare?: (config: AppConfig) => Promise<void>, apiRoot = ROOT): Promise<BenchStack> {
  const [temporalPort, uiPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  const baseEnv = { LOG_LEVEL: 'error', PIPELINE_SCHEDULE_EVERY_HOURS: '0', MONITORING_SWEEP_EVERY_HOURS: '0', ...extraEnv };
  const config = await freshBenchConfig(name, baseEnv);
  await prepare?.(config);
  const cli = await resolveTemporalCli({ log: (l) => process.stdout.write(`  ${l}\n`) });
  const devServer: RunningDevServer = await startDevServer({ cli, dataDir: join(ROOT, '.data', `bench-${name}`), port: temporalPort, uiPort, namespace: 'default' });
  const env: Record<string, string> = {
    ...baseEnv,
    DATABASE_URL: config.db.ownerUrl,
    REDIS_KEY_PREFIX: config.redis.keyPrefix,
    TEMPORAL_ADDRESS: devServer.address,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
  };
  let worker = startProcess('worker', env);
  const api = startProcess('server', env, apiRoot);
  const url = `http://127.0.0.1:${apiPort}`;
  try {
    await waitForHealth(url, HEALTH_TIMEOUT_MS);
  } catch (err) {
    // Nothing outlives a failed start: the processes would hold their ports and memory after the bench exits.
    await stopChild(api, 10_000);
    await stopChild(worker, 10_000);
    await devServer.stop();
    throw err;
  }
  return {
    url,
    config,
    env,
    get pids() {
      return { api: api.pid ?? 0, worker: worker.pid ?? 0 };
    },
    restartWorker: async () => {
      await stopChild(worker, 10_000);
      worker = startProcess('worker', env);
    },
    stop: async () => {
      await stopChild(api, 10_000);
      await stopChild(worker, 10_000);
      await devServer.stop();
    },
  };
}
