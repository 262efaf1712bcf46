/**
 * `npm run cli -- <command>`: the admin CLI (accounts, client registrations, signing keys, watchlists,
 * monitoring re-screens, operator credits, finance). Exit codes: 0 done, 1 failed, 2 bad usage (nothing changed).
 */
import { Command, CommanderError } from 'commander';
import { CliUsageError, createPrinter, type CliContext } from './cli/cli-context';

const program = new Command('cli')
  .description('Compliance Intelligence admin CLI')
  .option('--json', 'print JSON instead of key: value lines')
  .exitOverride()
  .showHelpAfterError();

async function run(action: (cli: CliContext) => Promise<void>): Promise<void> {
  // Loaded here, not at the top, so `--help` and usage errors answer without them.
  const { loadConfigOrExit } = await import('./config.js');
  const { openOrm } = await import('./db/orm.js');
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

type RegisterCommands = (program: Command, runner: typeof run) => void;

/**
 * Each command group's module, loaded only when that group is asked for: loading every group's graph
 * (the Temporal client, the payment provider's SDK, the register loaders) was most of a short
 * command's time. Help, or a command no group knows, loads them all so commander can list them.
 */
const identityCommands = async (): Promise<RegisterCommands> => (await import('./cli/identity.commands.js')).registerIdentityCommands;
const COMMAND_GROUPS: Record<string, () => Promise<RegisterCommands>> = {
  accounts: identityCommands,
  clients: identityCommands,
  keys: identityCommands,
  lists: async () => (await import('./cli/lists.commands.js')).registerListCommands,
  monitoring: async () => (await import('./cli/monitoring.commands.js')).registerMonitoringCommands,
  registers: async () => (await import('./cli/registers.commands.js')).registerRegisterCommands,
  finance: async () => (await import('./cli/finance.js')).registerFinanceCommands,
  retention: async () => (await import('./cli/retention.commands.js')).registerRetentionCommands,
  credits: async () => (await import('./cli/credits.commands.js')).registerCreditCommands,
};

/** The groups the command line needs: the one its first word names, or every group. */
async function commandGroups(argv: readonly string[]): Promise<RegisterCommands[]> {
  const first = argv.slice(2).find((arg) => !arg.startsWith('-'));
  const loaders = first !== undefined && Object.hasOwn(COMMAND_GROUPS, first) ? [COMMAND_GROUPS[first]!] : Object.values(COMMAND_GROUPS);
  return [...new Set(await Promise.all([...new Set(loaders)].map((load) => load())))];
}

commandGroups(process.argv)
  .then((groups) => {
    for (const register of groups) register(program, run);
    return program.parseAsync(process.argv);
  })
  .catch((err) => {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
