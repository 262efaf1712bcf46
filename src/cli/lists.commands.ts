/**
 * `lists ingest` starts a watchlist refresh on Temporal (the same workflow the schedule runs) and shows
 * its progress; `lists status` prints the current version of every list.
 */
import { Connection, Client, type WorkflowHandle } from '@temporalio/client';
import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { currentListStatuses } from '../modules/watchlists/list-status';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { ListSourceAttribute } from '../temporal/search-attributes';
import { workflowIds } from '../temporal/workflow-ids';
import { refreshInput } from '../temporal/workflow-inputs';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import { refreshStageQuery, type RefreshResult } from '../../workflows/definitions';
import { CliUsageError, type CliContext } from './cli-context';
import { latestHeartbeat } from './heartbeat';

const SOURCE = /^(dfat|un|ofac|everypolitician|opensanctions:[a-z0-9_]+)$/;

interface IngestOptions {
  source: string;
  file?: string;
  alt?: string;
  add?: string;
  listKind?: 'sanctions' | 'pep' | 'other';
  wait: boolean;
}

/** Entities parsed so far, read from the storing activity's latest heartbeat. */
async function parsedSoFar(handle: WorkflowHandle): Promise<{ entities: number; problems: number }> {
  const details = await latestHeartbeat<{ entities: number; problems: number }>(handle);
  return { entities: details.entities ?? 0, problems: details.problems ?? 0 };
}

async function followProgress(handle: WorkflowHandle, expected: number): Promise<RefreshResult> {
  const bar = new SingleBar({ format: '{stage} |{bar}| {value} entities, {problems} problems', hideCursor: true }, Presets.shades_classic);
  bar.start(Math.max(expected, 1), 0, { stage: 'starting'.padEnd(10), problems: 0 });
  const result = handle.result();
  let finished = false;
  void result.finally(() => (finished = true)).catch(() => {});
  while (!finished) {
    await new Promise((r) => setTimeout(r, 400));
    if (finished) break;
    try {
      const [stage, progress] = await Promise.all([handle.query(refreshStageQuery), parsedSoFar(handle)]);
      if (progress.entities > bar.getTotal()) bar.setTotal(progress.entities);
      bar.update(progress.entities, { stage: stage.padEnd(10), problems: progress.problems });
    } catch {
      /* the workflow may complete between checks */
    }
  }
  try {
    const outcome = await result;
    const count = outcome.version?.entityCount ?? bar.getProgress() * bar.getTotal();
    bar.setTotal(Math.max(count, 1));
    bar.update(count, { stage: 'done'.padEnd(10), problems: outcome.version?.problemCount ?? 0 });
    return outcome;
  } finally {
    bar.stop();
  }
}

export function registerListCommands(program: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  const lists = program.command('lists').description('Watchlists: ingest a refresh, see what is loaded');
  lists
    .command('ingest')
    .requiredOption('--source <source>', 'dfat, un, ofac, everypolitician or opensanctions:<dataset>')
    .option('--file <path>', 'read this file instead of downloading from the official URL (everypolitician: its folder, required)')
    .option('--alt <path>', 'OFAC only: ALT.CSV (aliases)')
    .option('--add <path>', 'OFAC only: ADD.CSV (addresses)')
    .option('--list-kind <kind>', 'OpenSanctions only: declare the export sanctions, pep or other')
    .option('--no-wait', 'start the refresh and return without waiting')
    .action((opts: IngestOptions) =>
      run(async (cli) => {
        if (!SOURCE.test(opts.source)) throw new CliUsageError('--source must be dfat, un, ofac, everypolitician or opensanctions:<dataset>');
        if (opts.source === 'everypolitician' && !opts.file) throw new CliUsageError('--source everypolitician needs --file <folder>: EveryPolitician has no download');
        if ((opts.alt || opts.add) && opts.source !== 'ofac') throw new CliUsageError('--alt and --add apply to --source ofac only');
        if (opts.listKind && !['sanctions', 'pep', 'other'].includes(opts.listKind)) throw new CliUsageError('--list-kind must be sanctions, pep or other');
        const connection = await Connection.connect(temporalConnectionOptions(cli.config));
        try {
          const client = new Client({ connection, namespace: cli.config.temporal.namespace });
          const workflowId = workflowIds.pipeline(opts.source);
          const handle = await client.workflow.start(watchlistRefreshWorkflow, {
            taskQueue: cli.config.temporal.taskQueue,
            workflowId,
            args: [refreshInput(cli.config, { source: opts.source, file: opts.file, altFile: opts.alt, addFile: opts.add, listKind: opts.listKind })],
            typedSearchAttributes: [{ key: ListSourceAttribute, value: opts.source }],
            memo: { startedBy: 'cli', file: opts.file ?? 'official URL' },
          });
          cli.note(`started ${workflowId}`);
          if (!opts.wait) return cli.print({ workflow_id: workflowId, run_id: handle.firstExecutionRunId });
          const previous = (await currentListStatuses(cli.em())).find((s) => s.source === opts.source)?.entityCount ?? 0;
          const outcome = await followProgress(handle, previous);
          cli.print({
            workflow_id: workflowId,
            outcome: outcome.outcome,
            source: opts.source,
            version: outcome.version?.versionNumber ?? null,
            entities: outcome.version?.entityCount ?? null,
            ...Object.fromEntries(Object.entries(outcome.version?.counts ?? {}).map(([kind, n]) => [`  ${kind}`, n])),
            problems: outcome.version?.problemCount ?? null,
            changes: outcome.version ? `+${outcome.version.changes.added} -${outcome.version.changes.removed} ~${outcome.version.changes.changed}` : null,
          });
        } finally {
          await connection.close();
        }
      }),
    );
  lists.command('status').action(() =>
    run(async (cli) => {
      const statuses = await currentListStatuses(cli.em());
      cli.print(
        statuses.map((s) => ({
          source: s.source,
          version: s.versionNumber,
          list_kind: s.listKind,
          entities: s.entityCount,
          by_kind: Object.entries(s.counts).map(([k, n]) => `${k} ${n}`).join(', '),
          problems: s.problemCount,
          changes: `+${s.changes.added} -${s.changes.removed} ~${s.changes.changed}`,
          loaded_at: s.createdAt.toISOString(),
          last_run: s.lastRun ? `${s.lastRun.status} at ${s.lastRun.startedAt.toISOString()} (${s.lastRun.workflowId})` : 'none',
        })),
      );
    }),
  );
}
