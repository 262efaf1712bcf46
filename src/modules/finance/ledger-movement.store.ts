/**
 * The ledger's side of the finance reconciliation, read from `credit_ledger`: the purchase movements
 * of a window in keyset pages of 1,000 in created order (so memory stays bounded however long the
 * period, and a progress bar can advance page by page), how many there are, the grants that are not
 * purchases (left out and counted), and operators' grants and revocations (listed apart, with who and why).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { LedgerMovement, OperatorLedgerMovement } from './movements';
import type { ReconciliationScope } from './reconciliation-period';

/** Movements per page: small enough to bound memory, large enough that a year is a few hundred queries. */
export const LEDGER_PAGE_SIZE = 1_000;

interface Window {
  start: Date;
  end: Date;
}

/** A grant that names a checkout; anything else granted (tests, benchmarks, allowances) is not a purchase. */
const PURCHASE = `(l.kind = 'reversal' or (l.kind = 'grant' and (l.provider_session_id is not null or l.idempotency_key like 'grant:checkout:%')))`;

const accountFilter = (column: string, accountId: string | undefined): [string, unknown[]] => (accountId ? [` and ${column} = ?`, [accountId]] : ['', []]);

/** How many purchase movements the match window holds: the progress bar's total. */
export async function countLedgerMovements(em: EntityManager, window: Window, accountId?: string): Promise<number> {
  const [filter, params] = accountFilter('l.account_id', accountId);
  const [row] = await sql<{ n: number }[]>(
    em,
    `select count(*)::int as n from credit_ledger l where l.created_at >= ? and l.created_at < ? and ${PURCHASE}${filter}`,
    [window.start, window.end, ...params],
  );
  return row?.n ?? 0;
}

/** Grants of the period that are not purchases, left out of the report and counted in its summary. */
export async function countExcludedGrants(em: EntityManager, scope: ReconciliationScope): Promise<number> {
  const [filter, params] = accountFilter('l.account_id', scope.accountId);
  const [row] = await sql<{ n: number }[]>(
    em,
    `select count(*)::int as n from credit_ledger l
      where l.kind = 'grant' and l.created_at >= ? and l.created_at < ? and not ${PURCHASE}${filter}`,
    [scope.period.start, scope.period.end, ...params],
  );
  return row?.n ?? 0;
}

type LedgerRow = Omit<LedgerMovement, 'created_at' | 'invoice_number'> & { created_at: Date | string; invoice_number: string | number | null };

/**
 * The purchase movements of the window in (created_at, id) order, a page at a time. Keyset paging (not
 * OFFSET) keeps each page's cost flat and cannot skip or repeat a row while new movements are written.
 */
export async function* ledgerPages(em: EntityManager, window: Window, accountId?: string, pageSize = LEDGER_PAGE_SIZE): AsyncGenerator<LedgerMovement[]> {
  const [filter, params] = accountFilter('l.account_id', accountId);
  let after: { created_at: Date; id: string } | null = null;
  for (;;) {
    const keyset: [string, unknown[]] = after ? [' and (l.created_at, l.id) > (?, ?)', [after.created_at, after.id]] : ['', []];
    const rows: LedgerRow[] = await sql<LedgerRow[]>(
      em,
      `select l.id as entry_id, l.account_id, l.kind, l.idempotency_key, l.amount, l.provider_session_id, l.provider_payment_id,
              l.amount_inc_gst_cents, l.gst_cents, l.ex_gst_cents, l.created_at, cs.invoice_number
         from credit_ledger l
         left join checkout_sessions cs
           on cs.session_id = coalesce(l.provider_session_id, case when l.idempotency_key like 'grant:checkout:%' then substr(l.idempotency_key, 16) end)
        where l.created_at >= ? and l.created_at < ? and ${PURCHASE}${filter}${keyset[0]}
        order by l.created_at, l.id
        limit ?`,
      [window.start, window.end, ...params, ...keyset[1], pageSize],
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: new Date(last.created_at), id: last.entry_id };
    yield rows.map((r) => ({
      ...r,
      created_at: new Date(r.created_at).toISOString(),
      invoice_number: r.invoice_number === null ? null : Number(r.invoice_number),
    }));
    if (rows.length < pageSize) return;
  }
}

/** An operator's grants and revocations of the period, oldest first. */
export async function operatorMovements(em: EntityManager, scope: ReconciliationScope): Promise<OperatorLedgerMovement[]> {
  const [filter, params] = accountFilter('l.account_id', scope.accountId);
  const rows = await sql<(Omit<OperatorLedgerMovement, 'created_at'> & { created_at: Date | string })[]>(
    em,
    `select l.id as entry_id, l.account_id::text as account_id, l.kind, l.amount, l.actor, l.reason, l.created_at from credit_ledger l
      where l.kind in ('operator_grant', 'operator_revoke') and l.created_at >= ? and l.created_at < ?${filter}
      order by l.created_at, l.id`,
    [scope.period.start, scope.period.end, ...params],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
