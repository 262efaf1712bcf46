/**
 * Starts the real Koa app on an ephemeral port over the real dependencies, so API tests speak HTTP
 * to exactly what production runs (no mocks of our own stack).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../src/config';
import { closeAppDeps, createAppDeps, type AppDeps } from '../../src/deps';
import { createApp } from '../../src/http/app';
import { createHttpServer } from '../../src/http/http-server';
import { createLogger } from '../../src/logger';
import type { WindowClock } from '../../src/modules/rate-limits/window-clock';

export interface TestApp {
  url: string;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * `logLines`, when given, receives every log line the app writes; `windowClock` (a `HeldWindowClock`'s
 * `now`), when given, is what the per-minute limits count by.
 */
export async function startTestApp(config: AppConfig, logLines?: string[], windowClock?: WindowClock): Promise<TestApp> {
  const destination = logLines ? { write: (line: string) => void logLines.push(line) } : undefined;
  const deps = await createAppDeps(config, createLogger(config, 'test-api', destination), windowClock);
  const server: Server = createHttpServer(createApp(deps).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeAppDeps(deps);
    },
  };
}
