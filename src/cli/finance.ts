/**
 * `finance reconcile`: the ledger's purchases and reversals set against the payment provider's own
 * records (read with its SDK) and the events it sent us, as CSV (one row per grant, reversal, operator
 * movement and unanswered provider fact, every mismatch flagged), with a progress bar and a summary line
 * on stderr. Exit code 3 when any mismatch is flagged, so a scheduled run can alert on it.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { Presets, SingleBar } from 'cli-progress';
import { stringify } from 'csv-stringify';
import { parsePeriod, type Period } from '../modules/finance/reconciliation-period';
import { REPORT_COLUMNS, type ReportRow } from '../modules/finance/report-rows';
import { runReconciliation, type ProviderSource, type ReconciliationRun } from '../modules/finance/reconciliation-source';
import { createPspClient } from '../modules/checkout/psp-client';
import { registerRepairCommand } from './finance-repair';
import { CliUsageError, type CliContext } from './cli-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Exit code of a completed reconciliation that flagged mismatches (the report itself is complete). */
export const EXIT_MISMATCHES = 3;

const HELP_AFTER = `
Rows: kind (grant | reversal | operator | provider_only), status (ok | mismatch), issue, and the ledger
and provider ids and amounts in cents (inc-GST, GST, ex-GST, the provider's amount); operator rows carry
actor and reason. The provider's side is its own records (Checkout Sessions, charges, refunds, disputes,
read with the SDK through PSP_SECRET_KEY) joined with the webhook events we stored; an empty
provider_event_id on a provider row means its webhook never reached us. Dates are UTC days; --to is
included. Grants that are not purchases (test and benchmark allowances) are left out and counted.
A paid session with no grant is granted by \`finance repair --session <id>\`.

Exit codes:
  0  reconciled, no mismatch
  3  reconciled, mismatches flagged (see the status and issue columns)
  2  wrongly called (nothing is written and stderr says what was wrong)
  1  failed (database unreachable, file not writable)`;

/**
 * Writes the report as CSV to `out` or to stdout, page by page with the stream's backpressure. A file is
 * written under a temporary name and renamed at the end, so a failed run never leaves a report that
 * looks whole.
 */
async function writeReport(cli: CliContext, period: Period, accountId: string | undefined, out: string | undefined, provider: ProviderSource | undefined): Promise<ReconciliationRun> {
  const target = out ? resolve(out) : undefined;
  const partial = target ? `${target}.partial` : undefined;
  const file = partial ? createWriteStream(partial) : undefined;
  if (file) await once(file, 'open'); // an unwritable path fails here, before any work
  const csv = stringify({ header: true, columns: REPORT_COLUMNS as string[] });
  const written = pipeline(csv, file ?? process.stdout, { end: Boolean(file) });
  // Settles only if the output fails before the report is done (a full disk, a closed pipe), so a write
  // waiting for 'drain' that will never come fails instead of hanging.
  const outputFailed = written.then(
    () => Promise.reject(new Error('the CSV output closed before the report was complete')),
    (err: unknown) => Promise.reject(err instanceof Error ? err : new Error(String(err))),
  );
  outputFailed.catch(() => {});
  const bar = new SingleBar({ format: 'reconciling |{bar}| {value}/{total} ledger movements', hideCursor: true, stream: process.stderr }, Presets.shades_classic);
  bar.start(1, 0);
  try {
    const run = await runReconciliation(cli.em(), { period, accountId }, {
      onRows: async (rows: ReportRow[]) => {
        for (const row of rows) if (csv.destroyed || !csv.write(row)) await Promise.race([once(csv, 'drain'), outputFailed]);
      },
      onProgress: (done, total) => {
        bar.setTotal(Math.max(total, 1));
        bar.update(done);
      },
    }, provider);
    csv.end();
    await written;
    if (partial && target) await rename(partial, target);
    return run;
  } catch (err) {
    csv.destroy();
    if (partial) await rm(partial, { force: true });
    throw err;
  } finally {
    bar.stop();
  }
}

/** Registers `finance reconcile` on the admin CLI. */
export function registerFinanceCommands(program: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  const finance = program.command('finance').description('Finance: reconcile the credit ledger with the payment provider, and repair a paid checkout that never reached us');
  registerRepairCommand(finance, run);
  finance
    .command('reconcile')
    .description('Every credit purchase and reversal of the period against the provider, as CSV, with each mismatch flagged')
    .requiredOption('--from <yyyy-mm-dd>', 'first day (UTC)')
    .requiredOption('--to <yyyy-mm-dd>', 'last day (UTC), included')
    .option('--out <file.csv>', 'write the CSV here instead of to stdout')
    .option('--account <uuid>', "only this account's movements and provider records")
    .option('--events-only', "set the ledger against the stored webhook events alone, without reading the provider's records")
    .addHelpText('after', HELP_AFTER)
    .action((opts: { from: string; to: string; out?: string; account?: string; eventsOnly?: boolean }) =>
      run(async (cli) => {
        let period: Period;
        try {
          period = parsePeriod(opts.from, opts.to);
        } catch (err) {
          throw new CliUsageError((err as Error).message);
        }
        if (opts.account !== undefined && !UUID.test(opts.account)) throw new CliUsageError('--account must be an account id (a UUID)');
        const psp = opts.eventsOnly ? undefined : createPspClient(cli.config.psp);
        if (!opts.eventsOnly && !psp) throw new Error("PSP_SECRET_KEY is not set, so the provider's records cannot be read (--events-only reconciles against the stored webhook events alone)");
        const { summary } = await writeReport(cli, period, opts.account?.toLowerCase(), opts.out, psp ? { psp } : undefined);
        cli.note(
          `reconciled ${period.from} to ${period.to}${opts.account ? ` for account ${opts.account}` : ''}: ${summary.rows} rows (${summary.grants} grants, ${summary.reversals} reversals, ` +
            `${summary.operator} operator, ${summary.provider_only} provider only), ${summary.mismatches} mismatches, ${summary.excluded_non_purchase_grants} non-purchase grants excluded; ` +
            (summary.provider_records ? `${summary.provider_records.read} provider records read (${summary.provider_records.not_ours} not ours)` : "provider's records not read (--events-only)") +
            (opts.out ? `; written to ${opts.out}` : ''),
        );
        if (summary.mismatches > 0) process.exitCode = EXIT_MISMATCHES;
      }),
    );
}
