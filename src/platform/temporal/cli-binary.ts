/**
 * Finding the Temporal CLI (dev server + Web UI) on a machine that cannot download it at run time.
 * Look-up order: TEMPORAL_CLI_PATH, `temporal` on PATH, `.tools/temporal`, the per-user cache, a build
 * from the Go module proxy (kept in both places), and last the SDK's own download for online users.
 */
import { buildWithGo, cachedToolPath, fromToolsOrCache, isExecutable, onPath, type GoTool } from '../../tools/go-tools';

export { goBinary, PROJECT_ROOT } from '../../tools/go-tools';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
/** v1.5.1 is the newest tag whose go.mod has no `replace` directive, so `go install` can build it. */
export const TEMPORAL_CLI: GoTool = { binary: 'temporal', packagePath: 'github.com/temporalio/cli/cmd/temporal', version: TEMPORAL_CLI_VERSION };

export type TemporalCli =
  | { kind: 'path'; path: string; foundBy: 'TEMPORAL_CLI_PATH' | 'PATH' | '.tools' | 'cache' | 'go build' }
  | { kind: 'sdk-download' };

/** The per-user cache file, keyed by CLI version so an upgrade never reuses an old binary. */
export const cachedCliPath = (env: Record<string, string | undefined> = process.env): string => cachedToolPath(TEMPORAL_CLI, env);

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
  const local = fromToolsOrCache(TEMPORAL_CLI, env);
  if (local) return { kind: 'path', ...local };
  if (options.allowBuild !== false) {
    const built = await buildWithGo(TEMPORAL_CLI, log);
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
