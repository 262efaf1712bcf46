/** Test factories for accounts, client registrations and tokens, through the real services and endpoint. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { createAccount } from '../../src/modules/identity/accounts';
import { registerClient } from '../../src/modules/identity/client-registrations';
import type { Plan } from '../../src/modules/identity/plans';
import { ALL_SCOPES } from '../../src/modules/identity/scopes';
import { recordMovement } from '../../src/modules/credits/ledger';

export interface TestClient {
  accountId: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
}

export async function createTestClient(
  em: EntityManager,
  encryptionKey: Buffer,
  options: { plan?: Plan; scopes?: string[]; expiresAt?: Date | null; customRequestsPerMinute?: number; accountId?: string; credits?: number } = {},
): Promise<TestClient> {
  const accountId =
    options.accountId ??
    (await createAccount(em.fork(), { name: 'Test account', plan: options.plan ?? 'scale', customRequestsPerMinute: options.customRequestsPerMinute ?? null })).id;
  const issued = await registerClient(em.fork(), encryptionKey, {
    accountId,
    name: 'test client',
    scopes: options.scopes ?? ALL_SCOPES,
    expiresAt: options.expiresAt ?? null,
  });
  const credits = options.credits ?? (options.accountId ? 0 : TEST_ALLOWANCE);
  if (credits > 0) await grantTestCredits(em, accountId, credits);
  return { accountId, clientId: issued.clientId, clientSecret: issued.clientSecret!, webhookSecret: issued.webhookSecret! };
}

/** Credits every new test account starts with, so tests about other things never meet a 402. */
export const TEST_ALLOWANCE = 1_000_000;

/** A grant in the real ledger (idempotent per account and amount), as a paid checkout would write it. */
export async function grantTestCredits(em: EntityManager, accountId: string, credits: number): Promise<void> {
  await em.fork().transactional((tx) =>
    recordMovement(tx, { accountId, kind: 'grant', amount: credits, idempotencyKey: `test-grant:${accountId}:${credits}`, description: `Test allowance of ${credits} credits` }),
  );
}

/** Obtains a token through POST /v1/oauth/token with form fields. */
export async function tokenFor(baseUrl: string, client: Pick<TestClient, 'clientId' | 'clientSecret'>, scope?: string): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
  if (scope) form.set('scope', scope);
  const res = await fetch(`${baseUrl}/v1/oauth/token`, { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
