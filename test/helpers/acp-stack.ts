/**
 * What agent-job tests run against: the API with the standard screening lists loaded and indexed, and a
 * real worker on the test's task queue; plus buyer wallets with gas on the run's anvil.
 */
import { createTestClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../src/config';
import type { WindowClock } from '../../src/modules/rate-limits/window-clock';
import { loadStandardFixtures } from './lists';
import { startTestApp, type TestApp } from './test-app';
import { startTestWorker, type TestWorker } from './test-worker';

export interface AcpStack {
  app: TestApp;
  worker: TestWorker;
  stop(): Promise<void>;
}

/** `windowClock`: what the app's per-minute limits count by (see `startTestApp`). */
export async function startAcpStack(config: AppConfig, windowClock?: WindowClock): Promise<AcpStack> {
  const app = await startTestApp(config, undefined, windowClock);
  await loadStandardFixtures(app.deps.orm.em.fork());
  await app.deps.screening.index.rebuild();
  const worker = await startTestWorker(config);
  return {
    app,
    worker,
    stop: async () => {
      await worker.stop();
      await app.close();
    },
  };
}

/** A fresh buyer with gas money, set directly on anvil (no faucet whose nonce test files would share). */
export async function newBuyerWallet(rpcUrl: string): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({ address, value: 10n ** 18n });
  return { key, address };
}
