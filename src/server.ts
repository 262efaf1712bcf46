/**
 * The API process (`npm run start:api`). With API_PROCESSES > 1 a primary forks that many API processes
 * sharing the port (node:cluster), so one host uses all its cores; each holds its own matching index.
 * On SIGTERM/SIGINT every process stops accepting connections, lets in-flight requests finish (up to the
 * grace period), then closes its dependencies.
 */
import cluster from 'node:cluster';
import { loadConfigOrExit, type AppConfig } from './config';
import { closeAppDeps, createAppDeps } from './deps';
import { createApp } from './http/app';
import { createHttpServer } from './http/http-server';
import { createLogger } from './logger';
import { keepThreadsAtNice } from './cpu-priority';

/** Re-applied this often: libuv's pool and the inspector start their threads on first use. */
const HELPER_THREADS_RECHECK_MS = 10_000;

async function serve(config: AppConfig): Promise<void> {
  const logger = createLogger(config, 'api');
  const helpers = keepThreadsAtNice(config.priority.apiHelperThreads, { mainThread: false, everyMs: HELPER_THREADS_RECHECK_MS });
  if (config.priority.apiHelperThreads > 0) logger.info({ nice: config.priority.apiHelperThreads, ...helpers.first }, 'helper threads yield to the request thread');
  const deps = await createAppDeps(config, logger);
  const server = createHttpServer(createApp(deps).callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.http.port, config.http.host, resolve);
  });
  logger.info({ url: config.http.publicBaseUrl, host: config.http.host, port: config.http.port }, 'API listening');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'API stopping: draining in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs).unref();
    server.close(() => {
      clearTimeout(force);
      helpers.stop();
      void closeAppDeps(deps).finally(() => {
        logger.info('API stopped');
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** The primary of a multi-process API: forks, replaces a process that dies, and passes shutdown on. */
function supervise(config: AppConfig): void {
  const logger = createLogger(config, 'api-primary');
  let stopping = false;
  for (let i = 0; i < config.http.processes; i += 1) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'API process died; starting another');
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

const config = loadConfigOrExit();
const run = config.http.processes > 1 && cluster.isPrimary ? Promise.resolve(supervise(config)) : serve(config);
run.catch((err) => {
  process.stderr.write(`API failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
