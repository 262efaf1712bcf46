/**
 * Stripe's official mock server, stripe-mock: the payment provider's real API (its OpenAPI spec and
 * fixtures) on this machine, so checkout is exercised with the official SDK and never talks to the real
 * provider in tests or local development. Built from the Go module proxy like the Temporal CLI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { buildWithGo, fromToolsOrCache, isExecutable, onPath, type GoTool } from './go-tools';

export const STRIPE_MOCK: GoTool = { binary: 'stripe-mock', packagePath: 'github.com/stripe/stripe-mock', version: 'v0.197.0' };

/** STRIPE_MOCK_PATH, `stripe-mock` on PATH, `.tools/`, the cache, then a Go build; undefined when none works. */
export async function resolveStripeMock(options: { explicitPath?: string; allowBuild?: boolean; log?: (line: string) => void } = {}): Promise<string | undefined> {
  if (options.explicitPath) {
    if (!isExecutable(options.explicitPath)) throw new Error(`STRIPE_MOCK_PATH=${options.explicitPath} is not an executable file`);
    return options.explicitPath;
  }
  const local = onPath(STRIPE_MOCK.binary, process.env.PATH) ?? fromToolsOrCache(STRIPE_MOCK)?.path;
  if (local || options.allowBuild === false) return local;
  return buildWithGo(STRIPE_MOCK, options.log ?? (() => {}));
}

export interface RunningStripeMock {
  /** `http://127.0.0.1:<port>`: where the SDK is pointed (host, port and protocol options). */
  url: string;
  stop(): Promise<void>;
  onExit(listener: (code: number | null) => void): void;
}

/**
 * Starts stripe-mock over plain HTTP on 127.0.0.1 (port 0: the system picks one) and waits until it
 * listens. It always opens an HTTPS port too; that one is given port 0 so two mocks never collide.
 */
export async function startStripeMock(binary: string, port = 0): Promise<RunningStripeMock> {
  const child: ChildProcess = spawn(binary, ['-http-addr', `127.0.0.1:${port}`, '-https-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`stripe-mock did not start within 15 s:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening for HTTP (?:on|at) address: ([\d.]+:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        done(`http://${listening[1]}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`stripe-mock exited with code ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    onExit: (listener) => child.on('exit', listener),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
