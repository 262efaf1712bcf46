/**
 * `npm run temporal:cli`: finds or obtains the Temporal CLI in the documented order and prints which
 * one is used. CI runs it before the tests so the (one-time) Go build happens in its own step.
 */
import { loadConfigOrExit } from '../src/config';
import { describeCli, resolveTemporalCli } from '../src/platform/temporal/cli-binary';

async function main(): Promise<void> {
  const cli = await resolveTemporalCli({
    cliPath: loadConfigOrExit().temporal.cliPath,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${describeCli(cli)}\n`);
  if (cli.kind !== 'path' && process.argv.includes('--require-local')) process.exitCode = 1;
}

void main();
