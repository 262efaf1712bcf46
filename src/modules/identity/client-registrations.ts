/**
 * Client registrations: OAuth client credentials of an account. The secret is returned once and kept
 * only as a scrypt hash; the webhook secret is kept sealed because the service signs with it.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateClientSecret, generateWebhookSecret, hashClientSecret, verifyClientSecret } from './client-secret';
import { ClientRegistrationSchema, type ClientRegistration } from './identity.entities';
import type { SecretHashingGate } from './secret-hashing-gate';
import { findAccount } from './accounts';
import { isScope, type Scope } from './scopes';
import { open, seal } from './secret-box';

export interface NewClient {
  accountId: string;
  name: string;
  scopes: string[];
  expiresAt?: Date | null;
}

/** What registration (or rotation) hands out once; never stored in clear. */
export interface IssuedCredentials {
  clientId: string;
  clientSecret?: string;
  webhookSecret?: string;
}

export class ClientRegistrationError extends Error {
  override name = 'ClientRegistrationError';
}

export async function registerClient(em: EntityManager, encryptionKey: Buffer, input: NewClient): Promise<IssuedCredentials & { registration: ClientRegistration }> {
  const unknown = input.scopes.filter((s) => !isScope(s));
  if (unknown.length) throw new ClientRegistrationError(`Unknown scope(s): ${unknown.join(', ')}`);
  if (input.scopes.length === 0) throw new ClientRegistrationError('A client needs at least one scope');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw new ClientRegistrationError('The expiry must be in the future');
  if (!/^[0-9a-f-]{36}$/i.test(input.accountId) || !(await findAccount(em, input.accountId))) throw new ClientRegistrationError(`No account ${input.accountId}`);
  const clientSecret = generateClientSecret();
  const webhookSecret = generateWebhookSecret();
  const registration = em.create(ClientRegistrationSchema, {
    clientId: randomUUID(),
    accountId: input.accountId,
    name: input.name,
    secretHash: await hashClientSecret(clientSecret),
    scopes: [...new Set(input.scopes)] as Scope[],
    expiresAt: input.expiresAt ?? null,
    webhookSecretSealed: seal(webhookSecret, encryptionKey),
    revokedAt: null,
    createdAt: new Date(),
    secretRotatedAt: null,
  });
  await em.flush();
  return { clientId: registration.clientId, clientSecret, webhookSecret, registration };
}

export async function listClients(em: EntityManager, accountId?: string): Promise<ClientRegistration[]> {
  return em.find(ClientRegistrationSchema, accountId ? { accountId } : {}, { orderBy: { createdAt: 'asc' } });
}

async function mustFind(em: EntityManager, clientId: string): Promise<ClientRegistration> {
  const found = await em.findOne(ClientRegistrationSchema, { clientId });
  if (!found) throw new ClientRegistrationError(`No client registration ${clientId}`);
  return found;
}

export async function revokeClient(em: EntityManager, clientId: string): Promise<ClientRegistration> {
  const registration = await mustFind(em, clientId);
  registration.revokedAt ??= new Date();
  await em.flush();
  return registration;
}

export async function rotateClientSecret(em: EntityManager, clientId: string): Promise<IssuedCredentials> {
  const registration = await mustFind(em, clientId);
  if (registration.revokedAt) throw new ClientRegistrationError(`Client ${clientId} is revoked`);
  const clientSecret = generateClientSecret();
  registration.secretHash = await hashClientSecret(clientSecret);
  registration.secretRotatedAt = new Date();
  await em.flush();
  return { clientId, clientSecret };
}

export async function rotateWebhookSecret(em: EntityManager, encryptionKey: Buffer, clientId: string): Promise<IssuedCredentials> {
  const registration = await mustFind(em, clientId);
  const webhookSecret = generateWebhookSecret();
  registration.webhookSecretSealed = seal(webhookSecret, encryptionKey);
  await em.flush();
  return { clientId, webhookSecret };
}

/** The clear webhook secret, for signing deliveries. */
export async function webhookSecretOf(em: EntityManager, encryptionKey: Buffer, clientId: string): Promise<string> {
  return open((await mustFind(em, clientId)).webhookSecretSealed, encryptionKey);
}

let dummyHash: Promise<string> | undefined;

/** Checks client credentials; null for an unknown, wrong, revoked or expired client (callers must not say which). */
export async function authenticateClient(em: EntityManager, clientId: string, secret: string, gate?: SecretHashingGate): Promise<ClientRegistration | null> {
  const verify = (stored: string) => (gate ? gate.run(() => verifyClientSecret(secret, stored)) : verifyClientSecret(secret, stored));
  const registration = await em.findOne(ClientRegistrationSchema, { clientId });
  if (!registration) {
    // Spend the same time as a real check, so response times do not reveal which client ids exist.
    dummyHash ??= hashClientSecret(generateClientSecret());
    await verify(await dummyHash);
    return null;
  }
  const secretMatches = await verify(registration.secretHash);
  if (!secretMatches || registration.revokedAt) return null;
  if (registration.expiresAt && registration.expiresAt.getTime() <= Date.now()) return null;
  return registration;
}
