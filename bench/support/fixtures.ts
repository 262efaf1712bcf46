/** Loading the real shared lists into a bench database, and making a client that the limits do not slow. */
import { recordMovement } from '../../src/modules/credits/ledger';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../src/config';
import { openOrm } from '../../src/db/orm';
import { createAccount } from '../../src/modules/identity/accounts';
import { registerClient } from '../../src/modules/identity/client-registrations';
import { ALL_SCOPES } from '../../src/modules/identity/scopes';
import { collectList, storeListVersion } from '../../src/modules/watchlists/list-version.store';
import { parseListFile } from '../../src/sources/registry';
import { watchlistFiles } from '../watchlists';

export async function loadSharedLists(em: EntityManager, say: (line: string) => void): Promise<void> {
  for (const file of watchlistFiles()) {
    const stored = await storeListVersion(em.fork(), { source: file.source, origin: `file:${file.path}`, list: await collectList(parseListFile(file)) });
    say(`  loaded ${file.source}: ${stored.entityCount} entities`);
  }
}

/** An Enterprise client with a limit far above what a benchmark sends, and credits to match. */
export async function benchClient(em: EntityManager, encryptionKey: Buffer): Promise<{ accountId: string; clientId: string; clientSecret: string; webhookSecret: string }> {
  const account = await createAccount(em.fork(), { name: 'bench', plan: 'enterprise', customRequestsPerMinute: 100_000_000 });
  const client = await registerClient(em.fork(), encryptionKey, { accountId: account.id, name: 'bench', scopes: ALL_SCOPES });
  // Enough credits that the benchmark measures the debit, never a 402.
  await em.fork().transactional((tx) => recordMovement(tx, { accountId: account.id, kind: 'grant', amount: 100_000_000, idempotencyKey: `bench-grant:${account.id}`, description: 'Benchmark allowance' }));
  return { accountId: account.id, clientId: client.clientId, clientSecret: client.clientSecret!, webhookSecret: client.webhookSecret! };
}

export async function benchToken(url: string, client: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await fetch(`${url}/v1/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A stack `prepare` step: the shared lists loaded and a bench client made; the client is filled in once it ran. */
export function withSharedListsAndClient(say: (line: string) => void): {
  prepare: (config: AppConfig) => Promise<void>;
  client: () => Awaited<ReturnType<typeof benchClient>>;
} {
  let made: Awaited<ReturnType<typeof benchClient>> | undefined;
  return {
    prepare: async (config) => {
      const orm = await openOrm(config.db);
      await loadSharedLists(orm.em.fork(), say);
      made = await benchClient(orm.em.fork(), config.auth.encryptionKey);
      await orm.close(true);
    },
    client: () => {
      if (!made) throw new Error('the stack was not prepared');
      return made;
    },
  };
}
