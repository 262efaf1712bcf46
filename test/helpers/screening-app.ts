import { createTestClient, tokenFor } from './identity';
import { loadStandardFixtures } from './lists';
import { testConfig } from './test-config';
import { startTestApp, type TestApp } from './test-app';
import type { AppConfig } from '../../src/config';

/**
 * An API with the standard list fixtures indexed and a token of an enterprise client whose limit no
 * test reaches: what every scan-level API test starts from.
 */
export async function startScreeningApp(config: AppConfig = testConfig()): Promise<{ app: TestApp; token: string }> {
  const app = await startTestApp(config);
  await loadStandardFixtures(app.deps.orm.em.fork());
  await app.deps.screening.index.rebuild();
  const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
  return { app, token: await tokenFor(app.url, client) };
}
