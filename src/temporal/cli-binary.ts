/**
 * Finding the Temporal CLI (dev server + Web UI) on a machine that cannot download it at run time.
 * Look-up order: TEMPORAL_CLI_PATH, `temporal` on PATH, `.tools/temporal`, the per-user cache, a build
 * from the Go module proxy (kept in both places), and last the SDK's own download for online users.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
/** v1.5.1 is the newest tag whose go.mod has no `replace` directive, so `go install` can build it. */
export const TEMPORAL_CLI_MODULE = `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`;

export const PROJECT_ROOT = resolve(__dirname, '..', '..');

export type TemporalCli =
  | { kind: 'path'; path: string; foundBy: 'TEMPORAL_CLI_PATH' | 'PATH' | '.tools' | 'cache' | 'go build' }
  | { kind: 'sdk-download' };

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, pathVar: string | undefined): string | undefined {
  return (pathVar ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name)).find(isExecutable);
}

/** The per-user cache file, keyed by CLI version so an upgrade never reuses an old binary. */
export function cachedCliPath(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'compliance-intelligence', `temporal-${TEMPORAL_CLI_VERSION}`);
}

export const toolsCliPath = (): string => join(PROJECT_ROOT, '.tools', 'temporal');

/**
 * The Go toolchain: `go` on PATH, else where Go's own installer puts it (`$GOROOT`, `/usr/local/go`),
 * because a fresh login shell on our machines does not always have `/usr/local/go/bin` on PATH.
 */
export function goBinary(env: Record<string, string | undefined> = process.env): string | undefined {
  const candidates = [onPath('go', env.PATH), env.GOROOT && join(env.GOROOT, 'bin', 'go'), '/usr/local/go/bin/go'];
  return candidates.find((path): path is string => !!path && isExecutable(path) && spawnSync(path, ['version'], { stdio: 'ignore' }).status === 0);
}

/** Builds the CLI with Go into `.tools/` (several minutes, once) and copies it into the cache. */
export async function buildCliWithGo(log: (line: string) => void): Promise<string | undefined> {
  const go = goBinary();
  if (!go) return undefined;
  const gobin = join(PROJECT_ROOT, '.tools');
  mkdirSync(gobin, { recursive: true });
  log(`building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into .tools/ (takes several minutes, once)...`);
  const started = Date.now();
  const ok = await new Promise<boolean>((done) => {
    const child = spawn(go, ['install', TEMPORAL_CLI_MODULE], {
      env: { ...process.env, GOBIN: gobin, GOFLAGS: '-mod=mod' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const ticker = setInterval(() => log(`  still building (${Math.round((Date.now() - started) / 1000)} s)...`), 30_000);
    child.on('exit', (code) => {
      clearInterval(ticker);
      done(code === 0);
    });
    child.on('error', () => {
      clearInterval(ticker);
      done(false);
    });
  });
  const built = toolsCliPath();
  if (!ok || !isExecutable(built)) return undefined;
  const cache = cachedCliPath();
  mkdirSync(join(cache, '..'), { recursive: true });
  copyFileSync(built, cache);
  log(`built in ${Math.round((Date.now() - started) / 1000)} s; cached at ${cache}`);
  return built;
}

/** Resolves the CLI in the documented order; builds with Go only when `allowBuild` (the default). */
export async function resolveTemporalCli(
  options: { cliPath?: string; allowBuild?: boolean; log?: (line: string) => void; env?: Record<string, string | undefined> } = {},
): Promise<TemporalCli> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  if (options.cliPath) {
    if (!isExecutable(options.cliPath)) throw new Error(`TEMPORAL_CLI_PATH=${options.cliPath} is not an executable file`);
    return { kind: 'path', path: options.cliPath, foundBy: 'TEMPORAL_CLI_PATH' };
  }
  const fromPath = onPath('temporal', env.PATH);
  if (fromPath) return { kind: 'path', path: fromPath, foundBy: 'PATH' };
  if (isExecutable(toolsCliPath())) return { kind: 'path', path: toolsCliPath(), foundBy: '.tools' };
  const cache = cachedCliPath(env);
  if (isExecutable(cache)) {
    // Copy into .tools so the project's own folder holds what it runs.
    mkdirSync(join(PROJECT_ROOT, '.tools'), { recursive: true });
    copyFileSync(cache, toolsCliPath());
    return { kind: 'path', path: toolsCliPath(), foundBy: 'cache' };
  }
  if (options.allowBuild !== false) {
    const built = await buildCliWithGo(log);
    if (built) return { kind: 'path', path: built, foundBy: 'go build' };
    log('Go build unavailable or failed; falling back to the SDK download (needs internet access)');
  }
  return { kind: 'sdk-download' };
}

/** One line saying which CLI is used and how it was found. */
export function describeCli(cli: TemporalCli): string {
  return cli.kind === 'path'
    ? `Temporal CLI: ${cli.path} (found by ${cli.foundBy})`
    : 'Temporal CLI: none found locally; the SDK will download the dev server (needs internet access)';
}
