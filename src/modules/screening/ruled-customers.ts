/**
 * Which customers of an account have rulings in force, kept per process so a scan of a customer nobody
 * ruled on skips the rulings query (most scans; docs/performance.md). PostgreSQL announces every change
 * to `match_rulings` on `match_rulings_changed` with the account id, and the account's entry is dropped
 * at once. While the notification connection is down nothing is trusted and every scan queries. The
 * only window is the moment between a ruling's commit and its notification reaching another process
 * (the process that wrote the ruling forgets the account at once): a scan in it shows a match that
 * would have been set aside, never the reverse, because skipping the query can only keep matches.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DatabaseNotifications } from '../../db/notifications';
import { sql } from '../../db/sql';
import type { CustomerScope } from './cleared-customer';

/** Accounts remembered at once, and ruled customers per account beyond which the account always queries. */
const MAX_ACCOUNTS = 10_000;
const MAX_CUSTOMERS_PER_ACCOUNT = 50_000;

interface AccountRulings {
  /** Null when the account has too many ruled customers to hold: every scan queries. */
  customerKeys: Set<string> | null;
  enrolmentIds: Set<string>;
}

export const RULINGS_CHANNEL = 'match_rulings_changed';

export class RuledCustomers {
  private readonly accounts = new Map<string, Promise<AccountRulings>>();

  /** Without notifications (a one-off process) nothing is cached: every scan with matches queries. */
  constructor(private readonly notifications?: DatabaseNotifications) {
    notifications?.subscribe({
      channel: RULINGS_CHANNEL,
      onNotification: (accountId) => (accountId ? this.forget(accountId) : this.accounts.clear()),
      onListening: () => this.accounts.clear(),
      onLost: () => this.accounts.clear(),
    });
  }

  /** Drops what is known of the account, as its notification would. */
  forget(accountId: string): void {
    this.accounts.delete(accountId);
  }

  /** False only when this customer (and enrolment) certainly has no ruling in force. */
  async mayHaveRulings(em: EntityManager, scope: CustomerScope): Promise<boolean> {
    if (!this.notifications?.isListening) return true;
    let entry = this.accounts.get(scope.accountId);
    if (!entry) {
      if (this.accounts.size >= MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value as string);
      entry = loadAccount(em, scope.accountId);
      this.accounts.set(scope.accountId, entry);
      entry.catch(() => this.accounts.delete(scope.accountId));
    }
    const known = await entry;
    if (known.customerKeys === null) return true;
    return (scope.customerKey !== null && known.customerKeys.has(scope.customerKey)) || (!!scope.enrolmentId && known.enrolmentIds.has(scope.enrolmentId));
  }
}

async function loadAccount(em: EntityManager, accountId: string): Promise<AccountRulings> {
  const rows = await sql<{ customer_key: string | null; enrolment_ids: string[] }[]>(
    em,
    `select customer_key, enrolment_ids from match_rulings where account_id = ? and revoked_at is null limit ${MAX_CUSTOMERS_PER_ACCOUNT + 1}`,
    [accountId],
  );
  const enrolmentIds = new Set(rows.flatMap((r) => r.enrolment_ids));
  if (rows.length > MAX_CUSTOMERS_PER_ACCOUNT) return { customerKeys: null, enrolmentIds };
  return { customerKeys: new Set(rows.flatMap((r) => (r.customer_key ? [r.customer_key] : []))), enrolmentIds };
}
