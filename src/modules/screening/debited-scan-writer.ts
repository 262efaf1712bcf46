/**
 * Stores paid scans, each with its one-credit debit, so that scans of one account arriving together
 * share one statement and one commit (group commit in the API process).
 *
 * Why: every debit updates the account's balance row and holds its lock until its commit's WAL flush.
 * One statement per scan made an account's scans commit one after another, one fsync each; when the
 * disk stalled an fsync for tens of milliseconds, every scan behind it queued on the row lock and then
 * drained at one fsync apiece (docs/performance.md). Here a process keeps at most one statement per
 * account in flight; scans arriving meanwhile wait in memory and are written together as soon as it
 * returns, so a stall costs the queue one commit, not one each. Nothing is answered before its own row
 * has committed, and a scan alone is written at once, as before.
 *
 * A batch is all or nothing in PostgreSQL, so it is written whole only when the balance covers all of
 * it. When it does not, or PostgreSQL refuses the statement, each of its scans is written on its own, in
 * order: the balance then runs out exactly where it would have scan by scan, and one bad row fails only
 * itself. Any other failure (an outage) fails the whole batch at once.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { isDatabaseUnavailable } from '../../db/unavailable';

/** What a stored debit left: the balance after this scan's credit and the low-credit reference. */
export interface DebitedScanOutcome {
  balanceAfter: number;
  referenceBalance: number;
  referenceEntryId: string | null;
}

/** A scan row (values in `columns` order) and its ledger row's id. */
export interface DebitedScanRow {
  accountId: string;
  scanId: string;
  ledgerId: string;
  values: unknown[];
}

interface Pending {
  em: EntityManager;
  row: DebitedScanRow;
  resolve: (outcome: DebitedScanOutcome | null) => void;
  reject: (error: unknown) => void;
  /** Set while it waits behind a statement in flight: fails it if that statement never returns. */
  timer: NodeJS.Timeout | null;
}

/**
 * A scan that waited this long behind its account's statement in flight fails as a scan waiting for a
 * pooled connection would (the pool's acquire timeout), instead of queueing in memory without end
 * while the database hangs.
 */
export const DEBIT_QUEUE_WAIT_LIMIT_MS = 3_000;

/** The database did not take a waiting paid scan in time; `isDatabaseUnavailable` reads it as an outage (503). */
export class DebitQueueTimeoutError extends Error {
  constructor() {
    super(`Timeout acquiring a connection: the paid scan waited ${DEBIT_QUEUE_WAIT_LIMIT_MS} ms for its account's write`);
    this.name = 'DebitQueueTimeoutError';
  }
}

/** The scans table's columns a paid scan writes, with the type each value is cast to. */
export interface ScanColumn {
  name: string;
  type: string;
}

/** At most this many scans per statement (17 parameters each, far below PostgreSQL's 65,535). */
const MAX_BATCH = 64;

export class DebitedScanWriter {
  private readonly waiting = new Map<string, Pending[]>();
  private readonly writing = new Set<string>();
  private statements = 0;
  private readonly batchTexts = new Map<number, string>();
  /** The statement for one scan, built once: it runs for every paid scan that arrives alone. */
  private readonly singleText: string;

  constructor(private readonly columns: readonly ScanColumn[]) {
    this.singleText = `with paid as (
         update credit_balances set balance = balance - 1, updated_at = now() where account_id = ? and balance >= 1
         returning balance, reference_balance, reference_entry_id),
       stored as (
         insert into scans (${columns.map((c) => c.name).join(', ')}) select ${columns.map(() => '?').join(', ')} where exists (select 1 from paid) returning id),
       debited as (
         insert into credit_ledger (id, account_id, kind, amount, balance_after, idempotency_key, description, scan_id)
         select ?, ?, 'debit', -1, paid.balance, 'debit:scan:' || stored.id, 'Full scan', stored.id from paid, stored returning id)
       select paid.balance, paid.reference_balance, paid.reference_entry_id, (select count(*) from debited) as debits
         from paid join stored on true`;
  }

  /** Statements sent so far (a batch counts once): how much the batching saved, for tests and operators. */
  get statementsSent(): number {
    return this.statements;
  }

  /**
   * Stores the scan and its debit, or nothing when the balance does not cover it (null). Resolves once
   * its row has committed. Inside a transaction the row is written at once, in that transaction.
   */
  write(em: EntityManager, row: DebitedScanRow): Promise<DebitedScanOutcome | null> {
    if (em.getTransactionContext()) return this.writeOne(em, row);
    return new Promise((resolve, reject) => {
      const pending: Pending = { em, row, resolve, reject, timer: null };
      const queue = this.waiting.get(row.accountId);
      if (queue) queue.push(pending);
      else this.waiting.set(row.accountId, [pending]);
      if (!this.writing.has(row.accountId)) void this.drain(row.accountId);
      else pending.timer = setTimeout(() => this.expire(pending), DEBIT_QUEUE_WAIT_LIMIT_MS).unref();
    });
  }

  /** Fails a scan still waiting behind its account's statement (the statement has not returned). */
  private expire(pending: Pending): void {
    const queue = this.waiting.get(pending.row.accountId);
    const at = queue?.indexOf(pending) ?? -1;
    if (at < 0) return;
    queue!.splice(at, 1);
    if (queue!.length === 0) this.waiting.delete(pending.row.accountId);
    pending.reject(new DebitQueueTimeoutError());
  }

  /** Writes the account's waiting scans, a batch at a time, until none wait. */
  private async drain(accountId: string): Promise<void> {
    this.writing.add(accountId);
    try {
      for (;;) {
        const queue = this.waiting.get(accountId);
        if (!queue || queue.length === 0) break;
        const batch = queue.splice(0, MAX_BATCH);
        if (queue.length === 0) this.waiting.delete(accountId);
        for (const pending of batch) if (pending.timer) clearTimeout(pending.timer);
        await this.writeBatch(batch);
      }
    } finally {
      this.writing.delete(accountId);
    }
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    if (batch.length > 1) {
      let outcomes: DebitedScanOutcome[] | null = null;
      try {
        outcomes = await this.writeMany(batch[0]!.em, batch.map((p) => p.row));
      } catch (error) {
        // PostgreSQL refused the statement (it rolled back): the row it refused is found by writing them
        // one by one below, each getting its own outcome or error. An outage, or anything else, fails
        // them all at once, as it would have failed each (and a retry could not double a debit: the
        // scan id and the debit's idempotency key are unique).
        if (!refusedByServer(error)) {
          for (const pending of batch) pending.reject(error);
          return;
        }
      }
      if (outcomes) {
        batch.forEach((pending, i) => pending.resolve(outcomes[i]!));
        return;
      }
    }
    for (const pending of batch) {
      try {
        pending.resolve(await this.writeOne(pending.em, pending.row));
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  /** One scan and its debit, in one statement. */
  private async writeOne(em: EntityManager, row: DebitedScanRow): Promise<DebitedScanOutcome | null> {
    this.statements++;
    const [result] = await sql<{ balance: number; reference_balance: number; reference_entry_id: string | null }[]>(
      em,
      this.singleText,
      [row.accountId, ...row.values, row.ledgerId, row.accountId],
      { prepared: 'scan_insert_debited' },
    );
    return result ? { balanceAfter: result.balance, referenceBalance: result.reference_balance, referenceEntryId: result.reference_entry_id } : null;
  }

  /**
   * Several scans of one account and their debits in one statement, or null when the balance does not
   * cover them all (then nothing was written). The n-th scan's ledger row records the balance after
   * the first n debits, as if they had been written one by one in this order.
   */
  private async writeMany(em: EntityManager, rows: DebitedScanRow[]): Promise<DebitedScanOutcome[] | null> {
    this.statements++;
    const accountId = rows[0]!.accountId;
    // In the order of the statement's placeholders (see batchText).
    const params: unknown[] = [rows.length, accountId, rows.length];
    for (const row of rows) params.push(...row.values);
    params.push(accountId, rows.length);
    for (const row of rows) params.push(row.ledgerId, row.scanId);
    const [result] = await sql<{ balance: number; reference_balance: number; reference_entry_id: string | null; stored: number }[]>(
      em,
      this.batchText(rows.length),
      params,
      { prepared: `scan_insert_debited_${rows.length}` },
    );
    if (!result) return null;
    if (Number(result.stored) !== rows.length) throw new Error(`a batch of ${rows.length} paid scans stored ${result.stored}`);
    const before = result.balance + rows.length;
    return rows.map((_, i) => ({ balanceAfter: before - (i + 1), referenceBalance: result.reference_balance, referenceEntryId: result.reference_entry_id }));
  }

  /** The statement for `n` scans (one text per n, so each is prepared once per connection). */
  private batchText(n: number): string {
    let text = this.batchTexts.get(n);
    if (text !== undefined) return text;
    const names = this.columns.map((c) => c.name);
    const scanRow = `(${this.columns.map((c) => `?::${c.type}`).join(', ')})`;
    const scanRows: string[] = [];
    const ledgerRows: string[] = [];
    for (let i = 0; i < n; i++) {
      scanRows.push(scanRow);
      ledgerRows.push(`(?::uuid, ?::uuid, ${i + 1})`);
    }
    text = `with paid as (
         update credit_balances set balance = balance - ?::integer, updated_at = now() where account_id = ? and balance >= ?::integer
         returning balance, reference_balance, reference_entry_id),
       stored as (
         insert into scans (${names.join(', ')}) select * from (values ${scanRows.join(', ')}) as v(${names.join(', ')})
           where exists (select 1 from paid) returning id),
       debited as (
         insert into credit_ledger (id, account_id, kind, amount, balance_after, idempotency_key, description, scan_id)
         select l.ledger_id, ?, 'debit', -1, paid.balance + ?::integer - l.ord, 'debit:scan:' || l.scan_id, 'Full scan', l.scan_id
           from paid, (values ${ledgerRows.join(', ')}) as l(ledger_id, scan_id, ord) returning id)
       select paid.balance, paid.reference_balance, paid.reference_entry_id, (select count(*) from stored)::integer as stored
         from paid`;
    this.batchTexts.set(n, text);
    return text;
  }
}

/** True for an error PostgreSQL raised for the statement itself (a SQLSTATE), not for an outage. */
function refusedByServer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !isDatabaseUnavailable(error);
}
