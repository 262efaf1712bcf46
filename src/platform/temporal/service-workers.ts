/**
 * The Temporal workers one worker process runs, on one connection: the service's task queue (every
 * workflow and activity) and the full re-screen's page queue (`rescreenPageQueue`: only the page
 * activity, `RESCREEN_PAGES_PER_WORKER` at a time), so that each worker process takes its share of a
 * re-screen's pages and no more. Used by `src/worker.ts` and by the tests' in-process workers alike.
 */
import { Worker, type NativeConnection } from '@temporalio/worker';
import type { createActivities } from '../../../activities';
import type { AppConfig } from '../../config';
import { workflowSource } from '../../temporal/workflow-bundle';
import { rescreenPageQueue } from '../../../workflows/definitions/full-rescreen';

export interface ServiceWorkers {
  /** Resolves once both workers have stopped (after `shutdown` or a shutdown signal) and drained. */
  run(): Promise<void>;
  shutdown(): void;
}

export async function createServiceWorkers(input: {
  connection: NativeConnection;
  config: AppConfig;
  activities: ReturnType<typeof createActivities>;
  shutdownGraceTime: number | string;
}): Promise<ServiceWorkers> {
  const { connection, config, activities, shutdownGraceTime } = input;
  const service = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    ...workflowSource(config.workflowBundlePath),
    activities,
    shutdownGraceTime,
  });
  const pages = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: rescreenPageQueue(config.temporal.taskQueue),
    activities: { rescreenEnrolmentPage: activities.rescreenEnrolmentPage },
    maxConcurrentActivityTaskExecutions: config.monitoring.rescreenPagesPerWorker,
    shutdownGraceTime,
  });
  return {
    run: async () => {
      await Promise.all([service.run(), pages.run()]);
    },
    shutdown: () => {
      service.shutdown();
      pages.shutdown();
    },
  };
}
