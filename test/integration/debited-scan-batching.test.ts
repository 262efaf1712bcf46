import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { Client } from 'pg';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { DEBIT_QUEUE_WAIT_LIMIT_MS, DebitQueueTimeoutError } from '../../src/modules/screening/debited-scan.store';
import { ScanService } from '../../src/modules/screening/scan.service';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { ScreeningIndex } from '../../src/modules/screening/screening-index';
import { SourceFreshness } from '../../src/modules/screening/source-freshness';
import { createTestClient, grantTestCredits } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';

/**
 * Paid scans of one account arriving together are written in shared statements (group commit), with
 * the same outcome as one statement each: every credit paid exactly once, every balance recorded once,
 * nothing stored unpaid, and a row PostgreSQL refuses failing only its own scan.
 */
describe('paid scans of one account arriving together', () => {
  const config = testConfig();
  let orm: Orm;
  let scans: ScanService;
  beforeAll(async () => {
    orm = await openOrm(config.db);
    await orm.connect();
    scans = new ScanService(new ScreeningIndex(orm, pino({ level: 'silent' })), new SourceFreshness(36, ['dfat', 'un', 'ofac']));
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  const person = (name: string) => FullScanRequestSchema.parse({ entity_type: 'person', name });

  async function accountWith(credits: number) {
    const owner = await createTestClient(orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', credits: 0 });
    await grantTestCredits(orm.em.fork(), owner.accountId, credits);
    return owner;
  }

  async function ledgerOf(accountId: string) {
    return sql<{ scan_id: string; balance_after: number }[]>(
      orm.em.fork(),
      `select l.scan_id, l.balance_after from credit_ledger l join scans s on s.id = l.scan_id where l.account_id = ? and l.kind = 'debit' order by l.balance_after desc`,
      [accountId],
    );
  }

  it('share statements, and each scan is answered with the balance its own ledger row records', async () => {
    const owner = await accountWith(100);
    const sentBefore = scans.debitedStatementsSent;
    const paid = await Promise.all(Array.from({ length: 40 }, (_, i) => scans.createDebited(orm.em.fork(), { owner, request: person(`Batch Person ${i}`) })));
    expect(paid.every((scan) => scan !== null)).toBe(true);
    expect(scans.debitedStatementsSent - sentBefore).toBeLessThan(40);

    const ledger = await ledgerOf(owner.accountId);
    expect(ledger.map((row) => row.balance_after)).toEqual(Array.from({ length: 40 }, (_, i) => 99 - i));
    const answered = new Map(paid.map((scan) => [scan!.scanId, scan!.debit]));
    for (const row of ledger) expect(answered.get(row.scan_id)).toMatchObject({ before: row.balance_after + 1, after: row.balance_after });
    const [balance] = await sql<{ balance: number }[]>(orm.em.fork(), 'select balance from credit_balances where account_id = ?', [owner.accountId]);
    expect(balance!.balance).toBe(60);
  });

  it('pay exactly the credits there are: the rest are refused and store nothing', async () => {
    const owner = await accountWith(30);
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => scans.createDebited(orm.em.fork(), { owner, request: person(`Short Person ${i}`) })));
    const paid = outcomes.filter((scan) => scan !== null);
    expect(paid).toHaveLength(30);
    expect(paid.map((scan) => scan.debit.after).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect((await ledgerOf(owner.accountId)).map((row) => row.balance_after)).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    const [stored] = await sql<{ n: number }[]>(orm.em.fork(), 'select count(*)::int as n from scans where account_id = ?', [owner.accountId]);
    expect(stored!.n).toBe(30);
  });

  it('fail only the scan whose row PostgreSQL refuses; its batch is stored without it', async () => {
    const owner = await accountWith(50);
    // A NUL character is refused by PostgreSQL's text and jsonb (the HTTP API rejects it before this point).
    const names = Array.from({ length: 12 }, (_, i) => (i === 6 ? 'Refused \u0000 Person' : `Batch Neighbour ${i}`));
    const outcomes = await Promise.allSettled(names.map((name) => scans.createDebited(orm.em.fork(), { owner, request: person(name) })));
    expect(outcomes.map((o) => o.status)).toEqual(names.map((_, i) => (i === 6 ? 'rejected' : 'fulfilled')));
    expect((await ledgerOf(owner.accountId)).map((row) => row.balance_after)).toEqual(Array.from({ length: 11 }, (_, i) => 49 - i));
    const [balance] = await sql<{ balance: number }[]>(orm.em.fork(), 'select balance from credit_balances where account_id = ?', [owner.accountId]);
    expect(balance!.balance).toBe(39);
  });

  it('fail as an outage, not wait without end, when the statement ahead of them does not return', async () => {
    const owner = await accountWith(10);
    // Another session holds the balance row, so the first scan's statement waits on its lock.
    const blocker = new Client({ connectionString: config.db.ownerUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select balance from credit_balances where account_id = $1 for update', [owner.accountId]);
      const first = scans.createDebited(orm.em.fork(), { owner, request: person('Blocked First') });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const waiting = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => scans.createDebited(orm.em.fork(), { owner, request: person(`Blocked Behind ${i}`) })),
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEBIT_QUEUE_WAIT_LIMIT_MS - 50);
      for (const outcome of waiting) {
        expect(outcome.status).toBe('rejected');
        const reason = (outcome as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(DebitQueueTimeoutError);
        expect(isDatabaseUnavailable(reason)).toBe(true);
      }
      await blocker.query('commit');
      // The statement that waited on the lock completes once it is released: that scan is paid and stored.
      expect((await first)?.debit.after).toBe(9);
    } finally {
      await blocker.end();
    }
    expect((await ledgerOf(owner.accountId)).map((row) => row.balance_after)).toEqual([9]);
  });
  it('of a busy account wait the group-commit time to share a statement; a quiet account is written at once', async () => {
    const index = new ScreeningIndex(orm, pino({ level: 'silent' }));
    const freshness = new SourceFreshness(36, ['dfat', 'un', 'ofac']);
    const gathering = new ScanService(index, freshness, undefined, { groupCommitMs: 300 });
    const owner = await accountWith(10);

    // The account's first scan: nothing arrived before it, so it is written alone and at once.
    const sentBefore = gathering.debitedStatementsSent;
    expect(await gathering.createDebited(orm.em.fork(), { owner, request: person('Gathered First') })).not.toBeNull();
    expect(gathering.debitedStatementsSent - sentBefore).toBe(1);

    // The next arrives soon after it (busy), waits, and the one arriving 30 ms later joins its statement.
    const second = gathering.createDebited(orm.em.fork(), { owner, request: person('Gathered Second') });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const third = gathering.createDebited(orm.em.fork(), { owner, request: person('Gathered Third') });
    expect((await Promise.all([second, third])).map((scan) => scan?.debit.after)).toEqual([8, 7]);
    expect(gathering.debitedStatementsSent - sentBefore).toBe(2);
    expect((await ledgerOf(owner.accountId)).map((row) => row.balance_after)).toEqual([9, 8, 7]);

    // A quiet account's scan does not wait, however long the group-commit time: it is answered long before it.
    const patient = new ScanService(index, freshness, undefined, { groupCommitMs: 60_000 });
    const quiet = await accountWith(2);
    const answered = await Promise.race([
      patient.createDebited(orm.em.fork(), { owner: quiet, request: person('Quiet Person') }).then((scan) => scan?.debit.after),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000).unref()),
    ]);
    expect(answered).toBe(1);
  });
});
