/**
 * `registers ingest` starts a register refresh on Temporal (`register-<source>-<time>`) and follows it
 * with a progress bar; `registers status` prints each register's version and last refresh;
 * `registers austender` queries the loaded AusTender contract notices.
 */
import { resolve } from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import type { Command } from 'commander';
import { Presets, SingleBar } from 'cli-progress';
import { REGISTER_CATALOGUE, REGISTER_SOURCES, isRegisterSource } from '../modules/registers/register-catalogue';
import { sourceVersions, type RegisterLoadOutcome } from '../modules/registers/register-load.store';
import { AustenderQuerySchema, queryAustender } from '../modules/registers/austender-query';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { workflowIds } from '../temporal/workflow-ids';
import { registerRefreshWorkflow } from '../../workflows/register-refresh';
import { CliUsageError, type CliContext } from './cli-context';
import { latestHeartbeat } from './heartbeat';

/** Records stored so far, from the loading activity's latest heartbeat. */
async function storedSoFar(handle: WorkflowHandle): Promise<{ records: number; problems: number }> {
  const details = await latestHeartbeat<{ records: number; problems: number }>(handle);
  return { records: details.records ?? 0, problems: details.problems ?? 0 };
}

async function follow(handle: WorkflowHandle): Promise<RegisterLoadOutcome> {
  const bar = new SingleBar({ format: 'loading |{bar}| {value} records, {problems} problems', hideCursor: true }, Presets.shades_classic);
  bar.start(1, 0, { problems: 0 });
  const result = handle.result() as Promise<RegisterLoadOutcome>;
  let finished = false;
  void result.finally(() => (finished = true)).catch(() => {});
  try {
    while (!finished) {
      await new Promise((r) => setTimeout(r, 500));
      const progress = await storedSoFar(handle).catch(() => undefined);
      if (!progress) continue;
      bar.setTotal(Math.max(progress.records * 1.1, 1)); // the total is unknown until the file ends
      bar.update(progress.records, { problems: progress.problems });
    }
    const outcome = await result;
    bar.setTotal(Math.max(outcome.recordCount, 1));
    bar.update(outcome.recordCount, { problems: outcome.problemCount });
    return outcome;
  } finally {
    bar.stop();
  }
}

export function registerRegisterCommands(program: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  const registers = program.command('registers').description('Public registers behind the Trust Score: load a file, see what is loaded');
  registers
    .command('ingest')
    .requiredOption('--source <source>', REGISTER_SOURCES.map((source) => `${source} (${REGISTER_CATALOGUE[source].layout})`).join('; '))
    .requiredOption('--file <path>', 'the register file to load')
    .action((opts: { source: string; file: string }) =>
      run(async (cli) => {
        const source = opts.source;
        if (!isRegisterSource(source)) throw new CliUsageError(`--source must be one of ${REGISTER_SOURCES.join(', ')}`);
        const connection = await Connection.connect(temporalConnectionOptions(cli.config));
        try {
          const client = new Client({ connection, namespace: cli.config.temporal.namespace });
          const workflowId = workflowIds.register(source);
          const handle = await client.workflow.start(registerRefreshWorkflow, {
            taskQueue: cli.config.temporal.taskQueue,
            workflowId,
            args: [{ source, file: resolve(opts.file) }],
            memo: { startedBy: 'cli', file: opts.file },
          });
          cli.note(`started ${workflowId}`);
          const outcome = await follow(handle);
          cli.print({ workflow_id: workflowId, source: outcome.source, outcome: outcome.status, version: outcome.versionNumber, records: outcome.recordCount, problems: outcome.problemCount });
        } finally {
          await connection.close();
        }
      }),
    );
  registers.command('status').action(() =>
    run(async (cli) => {
      const versions = await sourceVersions(cli.em(), [...REGISTER_SOURCES]);
      cli.print(REGISTER_SOURCES.map((source) => ({ source, title: REGISTER_CATALOGUE[source].title, version: versions[source]!.version, last_refreshed: versions[source]!.last_refreshed ?? 'never' })));
    }),
  );
  registers
    .command('austender')
    .description('Query the loaded AusTender contract notices (what the agent-job service austender_feed answers)')
    .option('--agency <text>', "part of the procuring agency's name")
    .option('--from <yyyy-mm-dd>', 'first publication day')
    .option('--to <yyyy-mm-dd>', 'last publication day')
    .option('--min-value <aud>', 'smallest contract value')
    .option('--max-value <aud>', 'largest contract value')
    .option('--limit <n>', 'rows (1-200)', '50')
    .action((opts: { agency?: string; from?: string; to?: string; minValue?: string; maxValue?: string; limit: string }) =>
      run(async (cli) => {
        const number = (v: string | undefined) => (v === undefined ? undefined : Number(v));
        const query = AustenderQuerySchema.safeParse({ agency: opts.agency, from: opts.from, to: opts.to, min_value: number(opts.minValue), max_value: number(opts.maxValue), limit: number(opts.limit) });
        if (!query.success) throw new CliUsageError(query.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; '));
        cli.print(await queryAustender(cli.em(), query.data));
      }),
    );
}
