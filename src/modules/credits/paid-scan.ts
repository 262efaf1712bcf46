/**
 * A full scan paid for in the same transaction that stores it: the scan row and its debit (or free
 * check) commit together, or neither does and the caller gets 402. A replay of an idempotent request
 * returns the stored scan and charges nothing, as does retrieving a stored scan. Once the debit has
 * committed, a debit that crossed a low-credit threshold is announced (never failing the scan).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Plan } from '../identity/plans';
import type { ScanOwner, ScanService } from '../screening/scan.service';
import type { ScanRequest } from '../screening/scan-request.schema';
import { chargeChecks, notEnoughCredits } from './consumption';
import { balanceOf } from './ledger';
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

export async function createPaidScan(
  managers: ScanManagers,
  scans: ScanService,
  charging: boolean,
  input: { owner: ScanOwner; plan: Plan; request: ScanRequest; idempotencyKey?: string },
  lowCredit?: LowCreditNotifier,
): ReturnType<ScanService['create']> {
  if (!charging) return scans.create(managers.em, input);
  if (input.plan !== 'free' && !input.idempotencyKey) {
    // The common case in one statement: debit, scan and ledger row together, or nothing.
    const { db } = managers;
    const scan = await scans.createDebited(db, input);
    if (!scan) throw notEnoughCredits(1, (await balanceOf(db, input.owner.accountId)).balance, false);
    const { debit, ...created } = scan;
    await lowCredit?.afterCommit(db, debit);
    return created;
  }
  const { em } = managers;
  const { scan, movement } = await em.transactional(async (tx) => {
    const stored = await scans.create(tx, input);
    if (stored.replayed) return { scan: stored, movement: null };
    const charge = await chargeChecks(tx, { accountId: input.owner.accountId, plan: input.plan }, 1, { kind: 'scan', scanId: stored.scanId });
    return { scan: stored, movement: charge.movement };
  });
  await lowCredit?.afterCommit(em, movement);
  return scan;
}
