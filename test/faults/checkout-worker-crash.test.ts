/**
 * A worker SIGKILLed in the middle of a checkout confirmation: the real worker process is killed while
 * its grant transaction has written the ledger row and moved the balance but not yet committed (the
 * test holds the session's row, so the grant waits on it to mark the session paid). A new worker
 * retries the grant: the credits are granted exactly once, with exactly one ledger row, and a payment
 * settled before the kill is not granted again.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../workflows/definitions';
import { holdLock, type HeldLock } from '../helpers/fault-lock';
import { jsonOf } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { createTestClient, tokenFor } from '../helpers/identity';
import { deliver, paymentIntentId, sessionEvent } from '../helpers/psp-events';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startWorkerProcess, workerProcessEnv } from '../helpers/worker-process';
import { takeProcessTurn } from '../helpers/process-turns';

/** Pack 0: 10 credits for A$29.00. */
const PACK = { index: 0, credits: 10, amountTotal: 2_900 };

// Starts and kills worker processes of its own: takes one of the run's few turns for that (process-turns.ts).
takeProcessTurn();

describe('a worker killed in the middle of a checkout confirmation', () => {
  let app: TestApp;
  let worker: ChildProcess | undefined;
  let lock: HeldLock | undefined;
  let env: Record<string, string>;
  const query = <T>(text: string, params: unknown[]) => app.deps.orm.em.fork().getConnection().execute<T[]>(text, params);

  beforeAll(async () => {
    env = workerProcessEnv(`checkout-crash-${randomUUID()}`);
    app = await startTestApp(testConfig(env));
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await lock?.release();
    await app?.close();
  });

  /** A new account with no credits and an open checkout session for pack 0. */
  async function openSession(): Promise<{ accountId: string; sessionId: string }> {
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { credits: 0 });
    const token = await tokenFor(app.url, client);
    const res = await fetch(`${app.url}/v1/psp/checkout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ account_id: client.accountId, pack_index: PACK.index }),
    });
    expect(res.status).toBe(201);
    return { accountId: client.accountId, sessionId: (await jsonOf(res)).session_id as string };
  }
  const paidEvent = (s: { accountId: string; sessionId: string }) =>
    sessionEvent('checkout.session.completed', { id: s.sessionId, accountId: s.accountId, amountTotal: PACK.amountTotal, paymentIntent: paymentIntentId(), paymentStatus: 'paid' });
  const outcomeOf = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await jsonOf(res)).outcome as string;
  };
  const balanceOf = async (accountId: string) => (await query<{ balance: number }>('select balance from credit_balances where account_id = ?', [accountId]))[0]?.balance ?? 0;
  const ledgerOf = (accountId: string) => query<{ kind: string; amount: number; provider_session_id: string }>('select kind, amount, provider_session_id from credit_ledger where account_id = ?', [accountId]);
  const result = (sessionId: string) => app.deps.temporal.client.workflow.getHandle(`checkout-${sessionId}`).result() as Promise<CheckoutResult>;

  it('grants each paid session exactly once: the killed grant rolls back and a new worker grants it, the one settled before is left alone', async () => {
    worker = startWorkerProcess(env);
    const settled = await openSession();
    const inFlight = await openSession();

    // Paid before the kill, and granted by the first worker.
    expect(await outcomeOf(await deliver(app.url, paidEvent(settled)))).toBe('signalled');
    await eventually(async () => (await balanceOf(settled.accountId)) === PACK.credits, 60_000, 'the first grant on the first worker');

    // The second grant writes its ledger row, then waits on the session row the test holds.
    lock = await holdLock(app.deps.config.db.ownerUrl, 'select session_id from checkout_sessions where session_id = $1 for update', [inFlight.sessionId]);
    const paid = paidEvent(inFlight);
    expect(await outcomeOf(await deliver(app.url, paid))).toBe('signalled');
    await eventually(async () => (await lock!.waiters()) > 0, 60_000, 'the grant to wait on the session row inside its transaction');
    worker.kill('SIGKILL');
    await new Promise((r) => worker!.once('exit', r));
    await lock.release();

    // Nothing of the killed transaction is visible, and a redelivery while no worker runs is recognised.
    expect(await ledgerOf(inFlight.accountId)).toEqual([]);
    expect(await balanceOf(inFlight.accountId)).toBe(0);
    expect(await outcomeOf(await deliver(app.url, paid))).toBe('duplicate');

    worker = startWorkerProcess(env);
    // The lost attempt is retried once its heartbeat timeout (10 s) has passed: it grants, newly.
    expect(await result(inFlight.sessionId)).toMatchObject({ state: 'paid', eventId: paid.id, newlyGranted: true });
    expect(await result(settled.sessionId)).toMatchObject({ state: 'paid', newlyGranted: true });

    for (const { accountId, sessionId } of [settled, inFlight]) {
      expect(await ledgerOf(accountId)).toEqual([{ kind: 'grant', amount: PACK.credits, provider_session_id: sessionId }]);
      expect(await balanceOf(accountId)).toBe(PACK.credits);
      const [row] = await query<{ status: string; invoice_number: string | null }>('select status, invoice_number from checkout_sessions where session_id = ?', [sessionId]);
      expect(row!.status).toBe('paid');
      expect(row!.invoice_number).not.toBeNull();
    }
    expect((await query<{ deliveries: number }>('select deliveries from psp_events where event_id = ?', [paid.id]))[0]!.deliveries).toBe(2);
  }, 150_000);
});
