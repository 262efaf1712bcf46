/** The real admin CLI entry point in its own process, on this test file's database and Redis prefix. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testRun } from './test-run';

const ROOT = join(__dirname, '..', '..');
const execute = promisify(execFile);

/** Runs `src/cli.ts` with `args`; resolves with the exit code, stdout and stderr (a failure is an answer, not a throw). */
export function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWithEnv({}, ...args);
}

/** {@link cli} with more environment (the payment provider, Temporal) for the commands that reach them. */
export async function cliWithEnv(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = testRun();
  try {
    const { stdout, stderr } = await execute(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: run.databaseUrl, REDIS_URL: run.redisUrl, REDIS_KEY_PREFIX: run.redisKeyPrefix, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
