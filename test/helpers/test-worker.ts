/**
 * A real Temporal worker for integration tests, on the run's dev server and the test's own task
 * queue. It loads the run's workflow bundle, built once by the global setup.
 */
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { createActivities } from '../../activities';
import type { AppConfig } from '../../src/config';
import { openOrm, type Orm } from '../../src/db/orm';
import { DatabaseNotifications } from '../../src/db/notifications';
import type { Screening } from '../../src/modules/screening/screening';
import { createServices } from '../../src/services';
import { createLogger } from '../../src/logger';
import { createWorkerLogger } from '../../src/temporal/worker-logger';
import { createServiceWorkers } from '../../src/platform/temporal/service-workers';

let runtimeInstalled = false;

export interface TestWorker {
  orm: Orm;
  screening: Screening;
  stop(): Promise<void>;
}

/**
 * `logLines`, when given, receives every line the worker's logger writes, and (when this is the first
 * worker of the test file) the Temporal SDK's own lines through it, as src/worker.ts routes them.
 */
export async function startTestWorker(config: AppConfig, logLines?: string[]): Promise<TestWorker> {
  const logger = createLogger(config, 'test-worker', logLines ? { write: (line: string) => void logLines.push(line) } : undefined);
  if (!runtimeInstalled) {
    Runtime.install({ logger: logLines ? createWorkerLogger(logger) : new DefaultLogger('ERROR') });
    runtimeInstalled = true;
  }
  const orm = await openOrm(config.db);
  const notifications = new DatabaseNotifications(config.db.url, logger);
  const { screening } = createServices({ config, logger, orm, notifications });
  await notifications.start();
  await screening.index.rebuild();
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await createServiceWorkers({ connection, config, activities: createActivities({ config, orm, logger, screening }), shutdownGraceTime: '2 seconds' });
  const running = worker.run();
  return {
    orm,
    screening,
    stop: async () => {
      worker.shutdown();
      await running;
      await connection.close();
      await notifications.close();
      await orm.close(true);
    },
  };
}
