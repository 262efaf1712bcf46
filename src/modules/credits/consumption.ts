/**
 * Paying for checks (architecture: credits decisions): one credit a full scan or batch item; a Free
 * plan account first uses its 10 free checks of the calendar month (UTC). With too few credits the call
 * answers 402 and nothing is stored. Everything here runs in the caller's transaction, so a charge
 * commits with the scan or batch it pays for, or not at all.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { AppError } from '../../errors';
import type { Plan } from '../identity/plans';
import { currentBalance, recordMovement, type BalanceChange } from './ledger';
import { FREE_CHECKS_PER_MONTH } from './pricing';

export class PaymentRequiredError extends AppError {
  constructor(detail: string) {
    super(402, 'payment_required', detail);
    this.name = 'PaymentRequiredError';
  }
}

const BUY = 'Buy a pack with POST /v1/psp/checkout (prices at GET /v1/credits/pricing).';

/**
 * The 402 a caller gets when the credits were found short before any work was done (the usual case:
 * checked before screening or before a batch is accepted): what was needed, what is left, and that
 * nothing was screened, stored or charged.
 */
export function notEnoughCredits(needed: number, balance: number, freePlan: boolean): PaymentRequiredError {
  const free = freePlan ? `this month's ${FREE_CHECKS_PER_MONTH} free checks are used and ` : '';
  return new PaymentRequiredError(
    `Not enough credits: ${free}this needs ${needed} credit${needed === 1 ? '' : 's'} and the balance is ${balance}. Nothing was screened, stored or charged. ${BUY}`,
  );
}

/**
 * The 402 when the balance covered the scan when it was checked but not when it was paid for: other
 * requests of the same account spent the last credits while this one was being screened. Says so: the
 * screening ran, and its result was discarded unstored and uncharged.
 */
export function creditsSpentMeanwhile(balance: number, freePlan: boolean): PaymentRequiredError {
  const free = freePlan ? `this month's ${FREE_CHECKS_PER_MONTH} free checks are used and ` : '';
  return new PaymentRequiredError(
    `Not enough credits: ${free}the balance is ${balance}: other requests of this account used the last credits while this scan was being screened. ` +
      `Its result was discarded: nothing was stored or charged. ${BUY}`,
  );
}

export type ChargeFor = { kind: 'scan'; scanId: string } | { kind: 'batch'; jobId: string };

export interface Charge {
  freeChecks: number;
  credits: number;
  /**
   * How the credits' debit moved the balance (null when free checks covered everything). Once the
   * caller's transaction commits, hand it to the low-credit notifier (low-credit.ts): only then is the
   * debit real, so only then may a crossing be announced.
   */
  movement: BalanceChange | null;
}

export const month = (at: Date) => at.toISOString().slice(0, 7);

/** This month's free checks of an account (the Free plan's; other plans have none). */
export interface FreeChecks {
  month: string;
  per_month: number;
  used: number;
  left: number;
}

export async function freeChecksOf(em: EntityManager, accountId: string, plan: Plan, now = new Date()): Promise<FreeChecks> {
  const perMonth = plan === 'free' ? FREE_CHECKS_PER_MONTH : 0;
  const [row] = await sql<{ used: number }[]>(em, `select used from free_checks where account_id = ? and month = ?`, [accountId, month(now)]);
  const used = row?.used ?? 0;
  return { month: month(now), per_month: perMonth, used, left: Math.max(0, perMonth - used) };
}

/**
 * The 402 for `count` checks that could not be paid now (free checks left, then the balance), or null
 * when they could; read without a lock, before any screening, so a refusal is decided on two primary-key
 * reads, not after the work. The charge itself (under the balance row's lock) still decides; this only
 * spares the work of a request that cannot be paid.
 */
export async function refusalBeforeWork(em: EntityManager, account: { accountId: string; plan: Plan }, count: number, now = new Date()): Promise<PaymentRequiredError | null> {
  const free = account.plan === 'free' ? (await freeChecksOf(em, account.accountId, account.plan, now)).left : 0;
  if (free >= count) return null;
  const balance = await currentBalance(em, account.accountId);
  return balance >= count - free ? null : notEnoughCredits(count - free, balance, account.plan === 'free');
}

/**
 * Takes up to `wanted` of this month's free checks (Free plan only), under the row's lock, and records
 * them as a `free_check` ledger row (amount 0) naming what they paid for.
 */
async function takeFreeChecks(tx: EntityManager, accountId: string, plan: Plan, wanted: number, charge: ChargeFor, now: Date): Promise<number> {
  if (plan !== 'free' || wanted === 0) return 0;
  await sql(tx, `insert into free_checks (account_id, month) values (?, ?) on conflict (account_id, month) do nothing`, [accountId, month(now)]);
  const [row] = (await sql<{ used: number }[]>(tx, `select used from free_checks where account_id = ? and month = ? for update`, [accountId, month(now)])) as [{ used: number }];
  const taken = Math.max(0, Math.min(wanted, FREE_CHECKS_PER_MONTH - row.used));
  if (taken === 0) return 0;
  await sql(tx, `update free_checks set used = used + ? where account_id = ? and month = ?`, [taken, accountId, month(now)]);
  const usedAfter = row.used + taken;
  await recordMovement(tx, {
    accountId,
    kind: 'free_check',
    amount: 0,
    freeChecks: taken,
    idempotencyKey: charge.kind === 'scan' ? `free:scan:${charge.scanId}` : `free:batch:${charge.jobId}`,
    description: `${charge.kind === 'scan' ? 'Full scan' : `Batch: ${taken} item${taken === 1 ? '' : 's'}`} paid with free checks (${usedAfter} of ${FREE_CHECKS_PER_MONTH} used in ${month(now)})`,
    scanId: charge.kind === 'scan' ? charge.scanId : null,
    jobId: charge.kind === 'batch' ? charge.jobId : null,
  });
  return taken;
}

/**
 * Charges `count` checks: free checks first (a `free_check` row), then credits (one ledger debit for
 * the lot). Throws {@link PaymentRequiredError} when the credits do not cover the rest; the caller's
 * transaction then rolls back, free checks included.
 */
export async function chargeChecks(
  tx: EntityManager,
  account: { accountId: string; plan: Plan },
  count: number,
  charge: ChargeFor,
  now = new Date(),
  /** True when the checks were already screened (their result is discarded on a 402, and the 402 says so). */
  afterWork = false,
): Promise<Charge> {
  const freeChecks = await takeFreeChecks(tx, account.accountId, account.plan, count, charge, now);
  const credits = count - freeChecks;
  if (credits === 0) return { freeChecks, credits, movement: null };
  const what = charge.kind === 'scan' ? 'Full scan' : `Batch of ${count} items${freeChecks ? ` (${freeChecks} free)` : ''}`;
  const outcome = await recordMovement(tx, {
    accountId: account.accountId,
    kind: 'debit',
    amount: -credits,
    idempotencyKey: charge.kind === 'scan' ? `debit:scan:${charge.scanId}` : `debit:batch:${charge.jobId}`,
    description: what,
    scanId: charge.kind === 'scan' ? charge.scanId : null,
    jobId: charge.kind === 'batch' ? charge.jobId : null,
  });
  if (outcome.status === 'insufficient') {
    throw afterWork ? creditsSpentMeanwhile(outcome.balance, account.plan === 'free') : notEnoughCredits(credits, outcome.balance, account.plan === 'free');
  }
  // A debit already recorded (a retried charge) moved nothing now, so it crosses nothing.
  return { freeChecks, credits, movement: outcome.status === 'recorded' ? outcome.change : null };
}

/**
 * Gives back the credit of a batch item that failed, once per item and never more than the job
 * reserved (items covered by free checks are not turned into credits). Call it in the transaction that
 * settles the item as failed.
 */
export async function refundFailedItem(tx: EntityManager, job: { id: string; accountId: string }, index: number): Promise<boolean> {
  const [counted] = await sql<{ id: string }[]>(tx, `update batch_jobs set credits_refunded = credits_refunded + 1 where id = ? and credits_refunded < credits_reserved returning id`, [job.id]);
  if (!counted) return false;
  const outcome = await recordMovement(tx, {
    accountId: job.accountId,
    kind: 'refund',
    amount: 1,
    idempotencyKey: `refund:batch:${job.id}:${index}`,
    description: `Batch item ${index} failed`,
    jobId: job.id,
    itemIndex: index,
  });
  return outcome.status === 'recorded';
}

/** What a withdrawn batch job had reserved. */
export interface WithdrawnCharge {
  id: string;
  account_id: string;
  created_at: Date | string;
  free_checks_used: number;
  credits_reserved: number;
  credits_refunded: number;
}

/**
 * Gives back everything a batch reserved when it is withdrawn (its workflow could not be started, so
 * nothing was accepted): the credits not yet refunded, as one refund row, and the free checks, to the
 * month they were taken from. Call it in the transaction that withdraws the job.
 */
export async function returnWithdrawnCharge(tx: EntityManager, job: WithdrawnCharge): Promise<void> {
  const credits = job.credits_reserved - job.credits_refunded;
  if (credits > 0) {
    await sql(tx, `update batch_jobs set credits_refunded = credits_reserved where id = ?`, [job.id]);
    await recordMovement(tx, {
      accountId: job.account_id,
      kind: 'refund',
      amount: credits,
      idempotencyKey: `refund:batch-withdrawn:${job.id}`,
      description: 'Batch withdrawn: the workflow engine was unavailable and nothing was screened',
      jobId: job.id,
    });
  }
  if (job.free_checks_used > 0) {
    const taken = month(new Date(job.created_at));
    await sql(tx, `update free_checks set used = greatest(used - ?, 0) where account_id = ? and month = ?`, [job.free_checks_used, job.account_id, taken]);
    await recordMovement(tx, {
      accountId: job.account_id,
      kind: 'free_check',
      amount: 0,
      freeChecks: -job.free_checks_used,
      idempotencyKey: `free:batch-withdrawn:${job.id}`,
      description: `Batch withdrawn: ${job.free_checks_used} free check${job.free_checks_used === 1 ? '' : 's'} of ${taken} given back`,
      jobId: job.id,
    });
  }
}
