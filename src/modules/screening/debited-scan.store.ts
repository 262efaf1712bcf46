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
 * has committed.
 *
 * A busy account's scans also wait a few milliseconds (`groupCommitMs`) to share a statement: each
 * statement and commit costs PostgreSQL and the API more than each row in it, so at 600 scans/s four
 * milliseconds of waiting took PostgreSQL's CPU per scan down by a quarter (docs/performance.md). An
 * account is busy when its last two scans arrived closer together than that wait, so another is likely
 * to arrive during it; a scan of a quiet account is written at once, as before.
 *
 * A batch is all or nothing in PostgreSQL, so it is written whole only when the balance covers all of
 * it. When it does not, or PostgreSQL refuses the statement, each of its scans is written on its own, in
 * order: the balance then runs out exactly where it would have scan by scan, and one bad row fails only
 * itself. Any other failure (an outage) fails the whole batch at once.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { batchScanStatement, singleScanStatement, type ScanColumn } from './debited-scan-statements';

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
  /** `performance.now()` when it was handed to the writer. */
  arrivedAt: number;
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

/** At most this many scans per statement (17 parameters each, far below PostgreSQL's 65,535). */
const MAX_BATCH = 64;

/** Accounts whose last arrival is remembered, at most; past it the memory starts afresh (all quiet). */
const REMEMBERED_ACCOUNTS = 10_000;

export class DebitedScanWriter {
  private readonly waiting = new Map<string, Pending[]>();
  private readonly writing = new Set<string>();
  /** When each recently seen account's last paid scan arrived. */
  private readonly lastArrival = new Map<string, number>();
  private statements = 0;
  private readonly batchTexts = new Map<number, string>();
  /** The statement for one scan, built once: it runs for every paid scan that arrives alone. */
  private readonly singleText: string;

  /**
   * `groupCommitMs`: how long a busy account's scans wait for others to share their statement (0: never
   * wait; a statement is still shared by the scans that arrived while the one before was in flight).
   */
  constructor(
    private readonly columns: readonly ScanColumn[],
    private readonly groupCommitMs = 0,
  ) {
    this.singleText = singleScanStatement(columns);
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
      const arrivedAt = performance.now();
      const busy = this.arrivedSoonAfterAnother(row.accountId, arrivedAt);
      const pending: Pending = { em, row, resolve, reject, timer: null, arrivedAt };
      const queue = this.waiting.get(row.accountId);
      if (queue) queue.push(pending);
      else this.waiting.set(row.accountId, [pending]);
      if (!this.writing.has(row.accountId)) void this.drain(row.accountId, busy);
      else pending.timer = setTimeout(() => this.expire(pending), DEBIT_QUEUE_WAIT_LIMIT_MS).unref();
    });
  }

  /** Records the arrival; true when the account's scan before it arrived within the group-commit wait. */
  private arrivedSoonAfterAnother(accountId: string, now: number): boolean {
    if (this.groupCommitMs <= 0) return false;
    const last = this.lastArrival.get(accountId);
    if (last === undefined && this.lastArrival.size >= REMEMBERED_ACCOUNTS) this.lastArrival.clear();
    this.lastArrival.set(accountId, now);
    return last !== undefined && now - last < this.groupCommitMs;
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

  /**
   * Writes the account's waiting scans, a batch at a time, until none wait. While the account is busy
   * (it was when this began, and is while a batch follows another) a batch is sent once its oldest scan
   * has waited `groupCommitMs`, or when it is full.
   */
  private async drain(accountId: string, busy: boolean): Promise<void> {
    this.writing.add(accountId);
    try {
      for (;;) {
        if (busy) await this.gatherFor(accountId);
        const queue = this.waiting.get(accountId);
        if (!queue || queue.length === 0) break;
        busy = this.groupCommitMs > 0;
        const batch = queue.splice(0, MAX_BATCH);
        if (queue.length === 0) this.waiting.delete(accountId);
        for (const pending of batch) if (pending.timer) clearTimeout(pending.timer);
        await this.writeBatch(batch);
      }
    } finally {
      this.writing.delete(accountId);
    }
  }

  /** Waits until the account's oldest waiting scan has waited `groupCommitMs`, unless a batch is full. */
  private async gatherFor(accountId: string): Promise<void> {
    const queue = this.waiting.get(accountId);
    if (!queue || queue.length === 0 || queue.length >= MAX_BATCH) return;
    const left = queue[0]!.arrivedAt + this.groupCommitMs - performance.now();
    if (left >= 1) await new Promise((resolve) => setTimeout(resolve, left));
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
    if (text === undefined) this.batchTexts.set(n, (text = batchScanStatement(this.columns, n)));
    return text;
  }
}

/** True for an error PostgreSQL raised for the statement itself (a SQLSTATE), not for an outage. */
function refusedByServer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !isDatabaseUnavailable(error);
}
