/**
 * `retention prune`: deletes superseded list entities and changes, superseded register entries and
 * processed provider events older than the retention period, as the database owner (DATABASE_URL),
 * the only role allowed to (src/db/evidence-retention.ts). `--dry-run` counts without deleting.
 */
import type { Command } from 'commander';
import { DEFAULT_RETENTION_DAYS, pruneEvidence } from '../db/evidence-retention';
import { CliUsageError, type CliContext } from './cli-context';

export function registerRetentionCommands(program: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  const retention = program.command('retention').description('Retention of kept evidence (runs as the database owner)');
  retention
    .command('prune')
    .description('Delete superseded list entities, register entries and processed provider events older than the retention period')
    .option('--older-than-days <days>', 'retention period in days', String(DEFAULT_RETENTION_DAYS))
    .option('--dry-run', 'count what would be deleted, delete nothing')
    .action((options: { olderThanDays: string; dryRun?: boolean }) =>
      run(async (cli) => {
        const days = Number(options.olderThanDays);
        if (!Number.isInteger(days) || days < 1) throw new CliUsageError('--older-than-days must be a whole number of days, at least 1');
        const before = new Date(Date.now() - days * 86_400_000);
        cli.print(await pruneEvidence(cli.config.db.ownerUrl, before, { dryRun: options.dryRun }));
      }),
    );
}
