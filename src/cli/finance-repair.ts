/**
 * `finance repair --session <id>`: grants a checkout the provider says is paid but whose confirmation
 * never reached us (reconciliation's "paid session with no grant"), through the session's own workflow
 * and ledger key, so running it twice, or the webhook arriving after all, grants once.
 */
import { Client, Connection } from '@temporalio/client';
import type { Command } from 'commander';
import { repairCheckout } from '../modules/checkout/checkout-repair';
import { createPspClient } from '../modules/checkout/psp-client';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { CliUsageError, type CliContext } from './cli-context';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export function registerRepairCommand(finance: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  finance
    .command('repair')
    .description('Grant a checkout the provider says is paid but that never reached us (once: the same workflow and ledger key as the webhook)')
    .requiredOption('--session <id>', 'the Checkout Session id (cs_...)')
    .option('--wait <seconds>', 'how long to wait for the grant', '60')
    .addHelpText('after', '\nExit codes: 0 granted (or already granted: nothing done), 1 refused or not granted in time (nothing granted twice), 2 wrongly called.')
    .action((opts: { session: string; wait: string }) =>
      run(async (cli) => {
        if (!SESSION_ID.test(opts.session)) throw new CliUsageError('--session must be a Checkout Session id (cs_...)');
        const waitSeconds = Number(opts.wait);
        if (!Number.isInteger(waitSeconds) || waitSeconds < 0 || waitSeconds > 3_600) throw new CliUsageError('--wait must be a whole number of seconds from 0 to 3600');
        const psp = createPspClient(cli.config.psp);
        if (!psp) throw new Error("PSP_SECRET_KEY is not set, so the provider's record of the session cannot be read: nothing granted");
        const connection = await Connection.connect(temporalConnectionOptions(cli.config));
        try {
          const temporal = new Client({ connection, namespace: cli.config.temporal.namespace });
          const outcome = await repairCheckout({ em: cli.em, psp, temporal, config: cli.config }, opts.session, waitSeconds * 1000);
          if (outcome.status === 'signalled') {
            throw new Error(`the payment was passed to checkout-${opts.session}, but no grant within ${waitSeconds} s (is a worker running?); run again to see it, it will not grant twice`);
          }
          cli.print({ session_id: opts.session, status: outcome.status, ledger_entry_id: outcome.entry.entry_id, credits: outcome.entry.amount, granted_at: outcome.entry.created_at });
        } finally {
          await connection.close();
        }
      }),
    );
}
