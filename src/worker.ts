/**
 * The Temporal worker process (`npm run start:worker`): runs workflows/ and activities/ on the
 * `compliance` task queue, and a full re-screen's pages on their own queue
 * (platform/temporal/service-workers.ts). On SIGTERM/SIGINT it stops polling and lets running
 * activities finish within the grace period; anything unfinished is retried by Temporal on the next
 * worker, so no work is lost either way.
 */
import { NativeConnection, Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { createActivities } from '../activities';
import { loadConfigOrExit } from './config';
import { openOrm } from './db/orm';
import { DatabaseNotifications } from './db/notifications';
import { createServices } from './services';
import { createLogger } from './logger';
import { keepThreadsAtNice } from './cpu-priority';
import { temporalConnectionOptions } from './temporal/connection-options';
import { createWorkerLogger } from './temporal/worker-logger';
import { createServiceWorkers } from './platform/temporal/service-workers';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config, 'worker');
  // Once, before Temporal's runtime and the workflow thread start: every thread started after it is
  // started by a thread already lowered, and inherits its priority.
  const priority = keepThreadsAtNice(config.priority.worker, { mainThread: true, everyMs: 0 });
  if (config.priority.worker > 0) logger.info({ nice: config.priority.worker, ...priority.first }, 'worker yields busy cores to the API');
  Runtime.install({
    logger: createWorkerLogger(logger),
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });
  const orm = await openOrm(config.db);
  const notifications = new DatabaseNotifications(config.db.url, logger);
  const { screening } = createServices({ config, logger, orm, notifications });
  await notifications.start();
  await screening.index.rebuild();
  const connection = await NativeConnection.connect(temporalConnectionOptions(config));
  const worker = await createServiceWorkers({ connection, config, activities: createActivities({ config, orm, logger, screening }), shutdownGraceTime: config.shutdownGraceMs });
  logger.info({ namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue, rescreenPagesAtOnce: config.monitoring.rescreenPagesPerWorker }, 'worker polling');
  await worker.run(); // resolves after a shutdown signal once in-flight work has drained
  await connection.close();
  await notifications.close();
  await orm.close(true);
  logger.info('worker stopped');
}

main().catch((err) => {
  process.stderr.write(`worker failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
