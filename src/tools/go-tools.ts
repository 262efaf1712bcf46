/**
 * Real peers that ship as Go programs (the Temporal CLI, Stripe's stripe-mock) on a machine that can
 * reach the Go module proxy but no download site: each is built once with `go install` into the
 * project's `.tools/` and copied into a per-user cache keyed by version, so a fresh clone on the same
 * machine reuses the build and an upgrade never reuses an old binary.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';

export { PROJECT_ROOT };

/** A Go program the project builds from the module proxy. */
export interface GoTool {
  /** The binary's file name (what `go install` writes into GOBIN). */
  binary: string;
  /** Package path given to `go install`, without the version. */
  packagePath: string;
  version: string;
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function onPath(name: string, pathVar: string | undefined): string | undefined {
  return (pathVar ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name)).find(isExecutable);
}

/** The per-user cache file of a tool, keyed by version. */
export function cachedToolPath(tool: GoTool, env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'compliance-intelligence', `${tool.binary}-${tool.version}`);
}

export const toolsPath = (tool: GoTool): string => join(PROJECT_ROOT, '.tools', tool.binary);

/**
 * The Go toolchain: `go` on PATH, else where Go's own installer puts it (`$GOROOT`, `/usr/local/go`),
 * because a fresh login shell on our machines does not always have `/usr/local/go/bin` on PATH.
 */
export function goBinary(env: Record<string, string | undefined> = process.env): string | undefined {
  const candidates = [onPath('go', env.PATH), env.GOROOT && join(env.GOROOT, 'bin', 'go'), '/usr/local/go/bin/go'];
  return candidates.find((path): path is string => !!path && isExecutable(path) && spawnSync(path, ['version'], { stdio: 'ignore' }).status === 0);
}

/** Copies the cached build into `.tools/` when `.tools/` has none (the project's folder holds what it runs). */
export function fromToolsOrCache(tool: GoTool, env: Record<string, string | undefined> = process.env): { path: string; foundBy: '.tools' | 'cache' } | undefined {
  if (isExecutable(toolsPath(tool))) return { path: toolsPath(tool), foundBy: '.tools' };
  const cache = cachedToolPath(tool, env);
  if (!isExecutable(cache)) return undefined;
  mkdirSync(join(PROJECT_ROOT, '.tools'), { recursive: true });
  copyFileSync(cache, toolsPath(tool));
  return { path: toolsPath(tool), foundBy: 'cache' };
}

/** Builds the tool with `go install` into `.tools/` (minutes, once, with progress lines) and caches it. */
export async function buildWithGo(tool: GoTool, log: (line: string) => void): Promise<string | undefined> {
  const go = goBinary();
  if (!go) return undefined;
  const gobin = join(PROJECT_ROOT, '.tools');
  mkdirSync(gobin, { recursive: true });
  log(`building ${tool.binary} ${tool.version} with Go into .tools/ (once; may take several minutes)...`);
  const started = Date.now();
  const ok = await new Promise<boolean>((done) => {
    const child = spawn(go, ['install', `${tool.packagePath}@${tool.version}`], {
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
  const built = toolsPath(tool);
  if (!ok || !isExecutable(built)) return undefined;
  const cache = cachedToolPath(tool);
  mkdirSync(join(cache, '..'), { recursive: true });
  copyFileSync(built, cache);
  log(`built in ${Math.round((Date.now() - started) / 1000)} s; cached at ${cache}`);
  return built;
}
