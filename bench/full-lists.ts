import { isDeepStrictEqual } from 'node:util';
import { loaderCountChecks, type Check } from './full-lists/loader-counts';
import { trapFidelityChecks } from './full-lists/trap-fidelity';

/**
 * What the tests cannot say on their small cuts, checked on the full published lists of the shared data
 * folder (SHARED_DATA_DIR, else `../shared/data` beside the repository): every loader reads every row
 * of its real list, and the false-positive trap cut gives the verdicts the full lists give. Prints each
 * check and exits 1 when one fails.
 *
 *   npm run bench:full-lists
 */
async function main(): Promise<void> {
  const started = performance.now();
  const { checks: trapChecks, notes } = await trapFidelityChecks();
  const checks: Check[] = [...(await loaderCountChecks()), ...trapChecks];
  const failed = checks.filter((check) => !isDeepStrictEqual(check.expected, check.found));
  for (const check of checks) {
    const ok = !failed.includes(check);
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${check.what}${ok ? '' : `: expected ${JSON.stringify(check.expected)}, found ${JSON.stringify(check.found)}`}\n`);
  }
  process.stdout.write(`\n${notes.join('\n')}\n\n${checks.length - failed.length} of ${checks.length} checks hold (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
