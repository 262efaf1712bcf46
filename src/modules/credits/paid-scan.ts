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

export async function createPaidScan(
  em: EntityManager,
  scans: ScanService,
  charging: boolean,
  input: { owner: ScanOwner; plan: Plan; request: ScanRequest; idempotencyKey?: string },
  lowCredit?: LowCreditNotifier,
): ReturnType<ScanService['create']> {
  if (!charging) return scans.create(em, input);
  if (input.plan !== 'free' && !input.idempotencyKey) {
    // The common case in one statement: debit, scan and ledger row together, or nothing.
    const scan = await scans.createDebited(em, input);
    if (!scan) throw notEnoughCredits(1, (await balanceOf(em, input.owner.accountId)).balance, false);
    const { debit, ...created } = scan;
    await lowCredit?.afterCommit(em, debit);
    return created;
  }
  const { scan, movement } = await em.transactional(async (tx) => {
    const stored = await scans.create(tx, input);
    if (stored.replayed) return { scan: stored, movement: null };
    const charge = await chargeChecks(tx, { accountId: input.owner.accountId, plan: input.plan }, 1, { kind: 'scan', scanId: stored.scanId });
    return { scan: stored, movement: charge.movement };
  });
  await lowCredit?.afterCommit(em, movement);
  return scan;
}
