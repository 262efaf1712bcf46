/**
 * `credits grant` / `credits revoke`: an operator gives an account credits (an Enterprise agreement,
 * goodwill) or takes them back, each a ledger row naming the operator and the reason; and
 * `credits ledger`, an account's ledger as the customer sees it. Bad input exits 2 and changes nothing.
 */
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { ledgerPage } from '../modules/credits/ledger';
import { grantByOperator, OperatorCreditsInputError, revokeByOperator, type OperatorMovement } from '../modules/credits/operator-credits';
import { CliUsageError, type CliContext } from './cli-context';

interface MovementOptions {
  account: string;
  credits: string;
  reason: string;
  operator?: string;
  requestId?: string;
}

/** The operator's login when --operator is not given (never empty: the row must name someone). */
function defaultOperator(): string {
  try {
    return process.env.OPERATOR || userInfo().username;
  } catch {
    return '';
  }
}

/** `--credits` as given: only a plain whole number of at least 1 passes ("1e3", "10.5", "-5" and "0" do not). */
function creditsOf(value: string): number {
  const credits = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(credits >= 1)) throw new CliUsageError(`--credits must be a whole number of at least 1, got ${value}: nothing changed`);
  return credits;
}

async function operatorMovement(cli: CliContext, opts: MovementOptions, action: typeof grantByOperator): Promise<void> {
  const movement: OperatorMovement = { accountId: opts.account, credits: creditsOf(opts.credits), reason: opts.reason, actor: opts.operator ?? defaultOperator(), requestId: opts.requestId };
  try {
    const { entry, recorded } = await action(cli.em(), movement);
    cli.print({ ...entry, recorded_now: recorded });
  } catch (err) {
    // Bad input is a usage error (exit 2); a refusal (unknown account, balance too small) exits 1. Nothing changed either way.
    if (err instanceof OperatorCreditsInputError) throw new CliUsageError(err.message, { cause: err });
    throw err;
  }
}

export function registerCreditCommands(program: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  const credits = program.command('credits').description("Operator credits: grant or revoke by agreement, with who and why on the ledger; read an account's ledger");
  const movementOptions = (command: Command) =>
    command
      .requiredOption('--account <account_id>', 'the account')
      .requiredOption('--credits <n>', 'whole number of credits, at least 1')
      .requiredOption('--reason <text>', 'why (kept on the ledger row, shown to finance)')
      .option('--operator <name>', 'who is doing this (default: $OPERATOR, else your login)')
      .option('--request-id <id>', 'makes a retry safe: the same id records one movement');
  movementOptions(credits.command('grant').description('Give an account credits (an Enterprise agreement, goodwill); exit 2 on bad input, nothing changed')).action(
    (opts: MovementOptions) => run((cli) => operatorMovement(cli, opts, grantByOperator)),
  );
  movementOptions(credits.command('revoke').description('Take credits back (never below zero); exit 1 when the balance does not cover it, nothing changed')).action(
    (opts: MovementOptions) => run((cli) => operatorMovement(cli, opts, revokeByOperator)),
  );
  credits
    .command('ledger')
    .description("An account's ledger, newest first")
    .requiredOption('--account <account_id>', 'the account')
    .option('--limit <n>', 'rows (1 to 200)', '50')
    .action((opts: { account: string; limit: string }) =>
      run(async (cli) => {
        const limit = Number(opts.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new CliUsageError('--limit must be a whole number from 1 to 200');
        if (!/^[0-9a-f-]{36}$/i.test(opts.account)) throw new CliUsageError('--account must be an account id (a UUID)');
        cli.print((await ledgerPage(cli.em(), opts.account.toLowerCase(), { limit, offset: 0 })).entries);
      }),
    );
}
