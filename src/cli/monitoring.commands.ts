/**
 * `monitoring rescreen` starts a full re-screen of every active enrolment (`rescreen-<time>`), the step
 * after a change to the matcher or its thresholds: its pages spread over every worker on the task queue.
 * A new list version needs none: its own sweep re-screens the customers its changes reach.
 */
import { Client, Connection } from '@temporalio/client';
import type { Command } from 'commander';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { sweepSettings } from '../temporal/workflow-inputs';
import { fullRescreenWorkflow } from '../../workflows/full-rescreen';
import { CliUsageError, type CliContext } from './cli-context';

export function registerMonitoringCommands(program: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  const monitoring = program.command('monitoring').description('Ongoing monitoring: re-screen every enrolled customer');
  monitoring
    .command('rescreen')
    .option('--page-size <n>', 'enrolments per page', '1000')
    .option('--no-wait', 'start the re-screen and return without waiting')
    .action((opts: { pageSize: string; wait: boolean }) =>
      run(async (cli) => {
        const pageSize = Number(opts.pageSize);
        if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100_000) throw new CliUsageError('--page-size must be a whole number from 1 to 100000');
        const connection = await Connection.connect(temporalConnectionOptions(cli.config));
        try {
          const client = new Client({ connection, namespace: cli.config.temporal.namespace });
          const workflowId = `rescreen-${new Date().toISOString()}`;
          const handle = await client.workflow.start(fullRescreenWorkflow, {
            taskQueue: cli.config.temporal.taskQueue,
            workflowId,
            args: [{ rescreenKey: workflowId, ...sweepSettings(cli.config), pageSize }],
          });
          cli.note(`started ${workflowId}`);
          if (!opts.wait) return cli.print({ workflow_id: workflowId, run_id: handle.firstExecutionRunId });
          const totals = await handle.result();
          cli.print({ workflow_id: workflowId, pages: totals.pages, customers: totals.processed, failed: totals.failed, alerts: totals.alerts });
        } finally {
          await connection.close();
        }
      }),
    );
}
