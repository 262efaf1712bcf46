/**
 * A full scan paid for in the same transaction that stores it: the scan row and its debit (or free
 * check) commit together, or neither does and the caller gets 402. A replay of an idempotent request
 * returns the stored scan and charges nothing, as does retrieving a stored scan. Once the debit has
 * committed, a debit that crossed a low-credit threshold is announced (never failing the scan).
 *
 * A scan that cannot be paid is refused before it is screened: screening is the dearest part of a
 * scan, and a client with an empty balance must not cost the server more than a paying one. The debit
 * under the balance row's lock still decides; the read before screening only spares the work.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Plan } from '../identity/plans';
import type { ScanOwner, ScanService } from '../screening/scan.service';
import type { ScanRequest } from '../screening/scan-request.schema';
import { chargeChecks, creditsSpentMeanwhile, notEnoughCredits, refusalBeforeWork } from './consumption';
import { currentBalance } from './ledger';
import type { LowCreditNotifier } from './low-credit';

/**
 * A request's entity managers: the root one (`db`), enough for the one-statement debit, which is raw SQL;
 * and its own fork (`em`, made when first read) for the transaction of the other path, which on the root
 * would merge whatever it loaded into the root's identity map.
 */
export interface ScanManagers {
  db: EntityManager;
  readonly em: EntityManager;
}

/**
 * The balance each account had after this process last debited it: while that was above zero the next
 * scan is screened without reading the balance first (the paid path stays one statement), and once it
 * reached zero, or for an account not seen, the balance is read before screening. Only a hint: another
 * process's debits or a revocation can make it stale, and then the debit refuses (after screening) and
 * the hint is corrected. Bounded: the oldest account is forgotten first.
 */
export class BalanceHints {
  private readonly seen = new Map<string, number>();

  constructor(private readonly max = 10_000) {}

  /** True when this process last saw credits left on the account. */
  likelyCovered(accountId: string): boolean {
    return (this.seen.get(accountId) ?? 0) > 0;
  }

  remember(accountId: string, balance: number): void {
    this.seen.delete(accountId);
    this.seen.set(accountId, balance);
    if (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!);
  }
}

export async function createPaidScan(
  managers: ScanManagers,
  scans: ScanService,
  charging: boolean,
  input: { owner: ScanOwner; plan: Plan; request: ScanRequest; idempotencyKey?: string },
  lowCredit?: LowCreditNotifier,
  hints: BalanceHints = new BalanceHints(),
): ReturnType<ScanService['create']> {
  if (!charging) return scans.create(managers.em, input);
  const accountId = input.owner.accountId;
  if (input.plan !== 'free' && !input.idempotencyKey) {
    // The common case in one statement: debit, scan and ledger row together, or nothing.
    const { db } = managers;
    if (!hints.likelyCovered(accountId)) {
      const balance = await currentBalance(db, accountId);
      hints.remember(accountId, balance);
      if (balance < 1) throw notEnoughCredits(1, balance, false);
    }
    const scan = await scans.createDebited(db, input);
    if (!scan) {
      const balance = await currentBalance(db, accountId);
      hints.remember(accountId, balance);
      throw creditsSpentMeanwhile(balance, false);
    }
    const { debit, ...created } = scan;
    hints.remember(accountId, debit.after);
    await lowCredit?.afterCommit(db, debit);
    return created;
  }
  const { em } = managers;
  const { scan, movement } = await em.transactional(async (tx) => {
    // After the replay check (a replay needs no credit), before screening.
    const payable = async (reader: EntityManager) => {
      const refusal = await refusalBeforeWork(reader, { accountId, plan: input.plan }, 1);
      if (refusal) throw refusal;
    };
    const stored = await scans.create(tx, { ...input, beforeScreening: payable });
    if (stored.replayed) return { scan: stored, movement: null };
    const charge = await chargeChecks(tx, { accountId, plan: input.plan }, 1, { kind: 'scan', scanId: stored.scanId }, new Date(), true);
    return { scan: stored, movement: charge.movement };
  });
  await lowCredit?.afterCommit(em, movement);
  return scan;
}
