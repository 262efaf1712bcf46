/**
 * The credit ledger: every movement a row, the balance beside it. A movement locks the account's
 * balance row, checks its idempotency key, writes the row with the balance after it and moves the
 * balance, all in one transaction, so concurrent debits serialise per account, a replayed movement
 * (the same grant event delivered twice, the same scan retried) changes nothing, and the balance can
 * never go below zero (the database's check refuses it even if this code were wrong).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { timeOrderedId } from '../../db/time-ordered-id';

/**
 * `operator_grant` / `operator_revoke`: credits given or taken by an operator (by agreement, goodwill,
 * a correction), naming who and why. `free_check`: the Free plan's monthly checks used (amount 0; the
 * count in `freeChecks`). A `reversal` may be of 0 credits when what the provider took back was used.
 */
export type MovementKind = 'grant' | 'debit' | 'refund' | 'reversal' | 'operator_grant' | 'operator_revoke' | 'free_check';

/** Kinds that reset the low-credit reference: they add credits bought or agreed. */
const GRANT_KINDS: ReadonlySet<MovementKind> = new Set(['grant', 'operator_grant']);

export interface Movement {
  accountId: string;
  kind: MovementKind;
  /** Signed: grants and refunds add, debits and reversals take away. */
  amount: number;
  idempotencyKey: string;
  description: string;
  scanId?: string | null;
  jobId?: string | null;
  itemIndex?: number | null;
  providerSessionId?: string | null;
  providerPaymentId?: string | null;
  packIndex?: number | null;
  price?: { inc_gst_cents: number; gst_cents: number; ex_gst_cents: number } | null;
  /** Who made an operator movement (required for those). */
  actor?: string | null;
  /** Why (required for operator movements). */
  reason?: string | null;
  /** Free checks a `free_check` row counts (negative: given back). */
  freeChecks?: number | null;
}

export interface LedgerEntry {
  entry_id: string;
  kind: MovementKind;
  amount: number;
  balance_after: number;
  description: string;
  scan_id: string | null;
  job_id: string | null;
  item_index: number | null;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  pack_index: number | null;
  amount_inc_gst_cents: number | null;
  gst_cents: number | null;
  ex_gst_cents: number | null;
  actor: string | null;
  reason: string | null;
  free_checks: number | null;
  created_at: string;
}

/**
 * How one movement moved the account's balance, with the low-credit reference in force after it (the
 * balance right after the latest grant, and that grant's entry id): enough to tell whether it crossed
 * a low-credit threshold (low-credit.ts) without another query.
 */
export interface BalanceChange {
  accountId: string;
  before: number;
  after: number;
  referenceBalance: number;
  referenceEntryId: string | null;
}

export type MovementOutcome =
  | { status: 'recorded'; entry: LedgerEntry; change: BalanceChange }
  | { status: 'already_recorded'; entry: LedgerEntry }
  | { status: 'insufficient'; balance: number };

const ENTRY_COLUMNS = `id as entry_id, kind, amount, balance_after, description, scan_id, job_id, item_index, provider_session_id, provider_payment_id,
  pack_index, amount_inc_gst_cents, gst_cents, ex_gst_cents, actor, reason, free_checks, created_at`;

const asEntry = (row: LedgerEntry & { created_at: string | Date }): LedgerEntry => ({ ...row, created_at: new Date(row.created_at).toISOString() });

/**
 * Records one movement in `em`'s transaction (the caller's, so a debit commits with its scan). A grant
 * also makes the balance after it the account's low-credit reference.
 */
export async function recordMovement(em: EntityManager, m: Movement): Promise<MovementOutcome> {
  await sql(em, `insert into credit_balances (account_id) values (?) on conflict (account_id) do nothing`, [m.accountId]);
  const [current] = (await sql<{ balance: number; reference_balance: number; reference_entry_id: string | null }[]>(
    em,
    `select balance, reference_balance, reference_entry_id from credit_balances where account_id = ? for update`,
    [m.accountId],
  )) as [{ balance: number; reference_balance: number; reference_entry_id: string | null }];
  const { balance } = current;
  const [existing] = await sql<(LedgerEntry & { account_id: string })[]>(em, `select account_id, ${ENTRY_COLUMNS} from credit_ledger where idempotency_key = ?`, [m.idempotencyKey]);
  if (existing) {
    if (existing.account_id !== m.accountId) throw new Error(`idempotency key ${m.idempotencyKey} belongs to another account`);
    const { account_id: _a, ...entry } = existing;
    return { status: 'already_recorded', entry: asEntry(entry) };
  }
  const after = balance + m.amount;
  if (after < 0) return { status: 'insufficient', balance };
  const [row] = await sql<LedgerEntry[]>(
    em,
    `insert into credit_ledger (id, account_id, kind, amount, balance_after, idempotency_key, description, scan_id, job_id, item_index,
       provider_session_id, provider_payment_id, pack_index, amount_inc_gst_cents, gst_cents, ex_gst_cents, actor, reason, free_checks)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${ENTRY_COLUMNS}`,
    [
      timeOrderedId(),
      m.accountId,
      m.kind,
      m.amount,
      after,
      m.idempotencyKey,
      m.description,
      m.scanId ?? null,
      m.jobId ?? null,
      m.itemIndex ?? null,
      m.providerSessionId ?? null,
      m.providerPaymentId ?? null,
      m.packIndex ?? null,
      m.price?.inc_gst_cents ?? null,
      m.price?.gst_cents ?? null,
      m.price?.ex_gst_cents ?? null,
      m.actor ?? null,
      m.reason ?? null,
      m.freeChecks ?? null,
    ],
  );
  const entry = asEntry(row!);
  if (m.amount === 0) {
    // A zero row (a free check, a reversal of credits already used) records a fact and moves nothing.
    return { status: 'recorded', entry, change: { accountId: m.accountId, before: balance, after, referenceBalance: current.reference_balance, referenceEntryId: current.reference_entry_id } };
  }
  const reference = GRANT_KINDS.has(m.kind) ? { balance: after, entryId: entry.entry_id } : { balance: current.reference_balance, entryId: current.reference_entry_id };
  await sql(em, `update credit_balances set balance = ?, reference_balance = ?, reference_entry_id = ?, updated_at = now() where account_id = ?`, [
    after,
    reference.balance,
    reference.entryId,
    m.accountId,
  ]);
  return { status: 'recorded', entry, change: { accountId: m.accountId, before: balance, after, referenceBalance: reference.balance, referenceEntryId: reference.entryId } };
}

export interface BalanceSummary {
  account_id: string;
  balance: number;
  granted: number;
  used: number;
  refunded: number;
  reversed: number;
  /** Credits an operator granted (by agreement, goodwill) and took back, apart from purchases. */
  operator_granted: number;
  operator_revoked: number;
  last_movement_at: string | null;
}

/** The balance and what made it, from the ledger itself (the running balance must agree). */
export async function balanceOf(em: EntityManager, accountId: string): Promise<BalanceSummary> {
  const [row] = await sql<{ balance: number | null; granted: number; used: number; refunded: number; reversed: number; operator_granted: number; operator_revoked: number; last: Date | null }[]>(
    em,
    `select (select balance from credit_balances where account_id = ?) as balance,
            coalesce(sum(amount) filter (where kind = 'grant'), 0)::int as granted,
            coalesce(-sum(amount) filter (where kind = 'debit'), 0)::int as used,
            coalesce(sum(amount) filter (where kind = 'refund'), 0)::int as refunded,
            coalesce(-sum(amount) filter (where kind = 'reversal'), 0)::int as reversed,
            coalesce(sum(amount) filter (where kind = 'operator_grant'), 0)::int as operator_granted,
            coalesce(-sum(amount) filter (where kind = 'operator_revoke'), 0)::int as operator_revoked,
            max(created_at) as last
       from credit_ledger where account_id = ?`,
    [accountId, accountId],
  );
  return {
    account_id: accountId,
    balance: row?.balance ?? 0,
    granted: row?.granted ?? 0,
    used: row?.used ?? 0,
    refunded: row?.refunded ?? 0,
    reversed: row?.reversed ?? 0,
    operator_granted: row?.operator_granted ?? 0,
    operator_revoked: row?.operator_revoked ?? 0,
    last_movement_at: row?.last ? new Date(row.last).toISOString() : null,
  };
}

/** The balance alone: one primary-key read, for deciding a 402 before any work. */
export async function currentBalance(em: EntityManager, accountId: string): Promise<number> {
  const [row] = await sql<{ balance: number }[]>(em, `select balance from credit_balances where account_id = ?`, [accountId], { prepared: 'credit_balance_read' });
  return row?.balance ?? 0;
}

/** A page of the account's ledger, newest first, with the total count for paging. */
export async function ledgerPage(em: EntityManager, accountId: string, page: { limit: number; offset: number }): Promise<{ entries: LedgerEntry[]; total: number }> {
  const rows = await sql<(LedgerEntry & { total: number })[]>(
    em,
    `select ${ENTRY_COLUMNS}, count(*) over ()::int as total from credit_ledger where account_id = ? order by created_at desc, id desc limit ? offset ?`,
    [accountId, page.limit, page.offset],
  );
  const total = rows[0]?.total ?? (page.offset > 0 ? (await sql<{ n: number }[]>(em, 'select count(*)::int as n from credit_ledger where account_id = ?', [accountId]))[0]!.n : 0);
  return { entries: rows.map(({ total: _t, ...entry }) => asEntry(entry)), total };
}
