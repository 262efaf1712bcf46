/**
 * Runs the Temporal dev server (with its Web UI) for `npm start`, persisting to a file under the data
 * folder so workflows survive a restart. Uses the local CLI when one is found, else the SDK download.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { TemporalCli } from './cli-binary';
import { devServerSearchAttributeArgs, SEARCH_ATTRIBUTES } from '../../temporal/search-attributes';

export interface DevServerOptions {
  cli: TemporalCli;
  dataDir: string;
  port: number;
  uiPort: number;
  namespace: string;
}

export interface RunningDevServer {
  address: string;
  uiUrl: string;
  /** Stops the server; its database file keeps every workflow for the next start. */
  stop(): Promise<void>;
  /** Called if the server dies on its own. */
  onExit(listener: (code: number | null) => void): void;
}

/** Waits until a Temporal frontend answers at `address`, up to `timeoutMs`. */
export async function waitForTemporal(address: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1_000 });
      await connection.close();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`Temporal did not answer at ${address} within ${timeoutMs} ms`, { cause: err });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

export async function startDevServer(options: DevServerOptions): Promise<RunningDevServer> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const dbFilename = join(dataDir, 'temporal.db');
  const address = `127.0.0.1:${options.port}`;
  const uiUrl = `http://127.0.0.1:${options.uiPort}`;

  if (options.cli.kind === 'sdk-download') {
    const env = await TestWorkflowEnvironment.createLocal({
      server: { ip: '127.0.0.1', port: options.port, uiPort: options.uiPort, dbFilename, namespace: options.namespace, searchAttributes: SEARCH_ATTRIBUTES },
    });
    return { address, uiUrl, stop: () => env.teardown(), onExit: () => {} };
  }

  const child = spawn(
    options.cli.path,
    [
      'server', 'start-dev',
      '--ip', '127.0.0.1',
      '--port', String(options.port),
      '--ui-port', String(options.uiPort),
      '--db-filename', dbFilename,
      '--namespace', options.namespace,
      '--log-level', 'error',
      ...devServerSearchAttributeArgs(),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], detached: true },
  );
  const exitListeners: ((code: number | null) => void)[] = [];
  let stopping = false;
  child.on('exit', (code) => {
    if (!stopping) for (const listener of exitListeners) listener(code);
  });
  await waitForTemporal(address, 60_000);
  return {
    address,
    uiUrl,
    stop: async () => {
      stopping = true;
      await stopChild(child, 10_000);
    },
    onExit: (listener) => exitListeners.push(listener),
  };
}

export { stopChild };
