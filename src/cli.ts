/**
 * `npm run cli -- <command>`: the admin CLI (accounts, client registrations, signing keys, watchlists,
 * monitoring re-screens, operator credits, finance). Exit codes: 0 done, 1 failed, 2 bad usage (nothing changed).
 */
import { Command, CommanderError } from 'commander';
import { registerIdentityCommands } from './cli/identity.commands';
import { registerListCommands } from './cli/lists.commands';
import { registerMonitoringCommands } from './cli/monitoring.commands';
import { registerRegisterCommands } from './cli/registers.commands';
import { registerFinanceCommands } from './cli/finance';
import { registerRetentionCommands } from './cli/retention.commands';
import { registerCreditCommands } from './cli/credits.commands';
import { CliUsageError, createPrinter, type CliContext } from './cli/cli-context';
import { loadConfigOrExit } from './config';
import { openOrm } from './db/orm';

const program = new Command('cli')
  .description('Compliance Intelligence admin CLI')
  .option('--json', 'print JSON instead of key: value lines')
  .exitOverride()
  .showHelpAfterError();

async function run(action: (cli: CliContext) => Promise<void>): Promise<void> {
  const config = loadConfigOrExit();
  const orm = await openOrm(config.db);
  const cli: CliContext = {
    config,
    orm,
    em: () => orm.em.fork(),
    json: Boolean(program.opts<{ json?: boolean }>().json),
    print: createPrinter(Boolean(program.opts<{ json?: boolean }>().json)),
    note: (line) => process.stderr.write(`${line}\n`),
  };
  try {
    await action(cli);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // With --json an error is the API's error shape, {"detail": "..."}, for scripts.
    process.stderr.write(cli.json ? `${JSON.stringify({ detail: message })}\n` : `error: ${message}\n`);
    process.exitCode = err instanceof CliUsageError ? 2 : 1;
  } finally {
    await orm.close(true);
  }
}

registerIdentityCommands(program, run);
registerListCommands(program, run);
registerMonitoringCommands(program, run);
registerRegisterCommands(program, run);
registerFinanceCommands(program, run);
registerRetentionCommands(program, run);
registerCreditCommands(program, run);

program.parseAsync(process.argv).catch((err) => {
  if (err instanceof CommanderError) {
    process.exitCode = err.exitCode === 0 ? 0 : 2;
    return;
  }
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
