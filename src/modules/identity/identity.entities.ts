/**
 * Accounts own everything (scans, jobs, cases, enrolments, ledger rows); a client registration is one
 * set of OAuth credentials of an account with a fixed scope set; signing keys sign access tokens.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    plan: p.string(),
    customRequestsPerMinute: p.integer().nullable(),
    createdAt: p.datetime(),
  },
});
export type Account = InferEntity<typeof AccountSchema>;

export const ClientRegistrationSchema = defineEntity({
  name: 'ClientRegistration',
  tableName: 'client_registrations',
  properties: {
    clientId: p.uuid().primary(),
    accountId: p.uuid(),
    name: p.string(),
    secretHash: p.string(),
    scopes: p.array(),
    expiresAt: p.datetime().nullable(),
    webhookSecretSealed: p.string(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    secretRotatedAt: p.datetime().nullable(),
  },
});
export type ClientRegistration = InferEntity<typeof ClientRegistrationSchema>;

export const SigningKeySchema = defineEntity({
  name: 'SigningKey',
  tableName: 'signing_keys',
  properties: {
    kid: p.string().primary(),
    alg: p.string(),
    publicJwk: p.json<Record<string, unknown>>(),
    privateJwkSealed: p.string(),
    createdAt: p.datetime(),
    retiredAt: p.datetime().nullable(),
  },
});
export type SigningKey = InferEntity<typeof SigningKeySchema>;
