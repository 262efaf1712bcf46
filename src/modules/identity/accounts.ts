/** Accounts: who owns every record, and which plan sets their limits. */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountSchema, type Account } from './identity.entities';
import type { Plan } from './plans';

export interface NewAccount {
  name: string;
  plan: Plan;
  /** Enterprise only: the negotiated requests per minute. */
  customRequestsPerMinute?: number | null;
}

export async function createAccount(em: EntityManager, input: NewAccount): Promise<Account> {
  if (input.customRequestsPerMinute && input.plan !== 'enterprise') {
    throw new Error('A custom rate limit applies only to the enterprise plan');
  }
  const account = em.create(AccountSchema, {
    id: randomUUID(),
    name: input.name,
    plan: input.plan,
    customRequestsPerMinute: input.customRequestsPerMinute ?? null,
    createdAt: new Date(),
  });
  await em.flush();
  return account;
}

export async function listAccounts(em: EntityManager): Promise<Account[]> {
  return em.find(AccountSchema, {}, { orderBy: { createdAt: 'asc' } });
}

export async function findAccount(em: EntityManager, id: string): Promise<Account | null> {
  return em.findOne(AccountSchema, { id });
}
