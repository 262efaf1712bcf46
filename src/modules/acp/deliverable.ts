/**
 * One job's deliverable, whichever rail paid for it: the service run, degraded when the buyer's wallet
 * is under verification (before fingerprinting, so the hash an evaluator checks is of what the buyer
 * received), then evaluated. A refusal by the service itself (a name it cannot screen, a bad query) is
 * an outcome; an outage is thrown, for the activity to retry.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors';
import type { ScanService } from '../screening/scan.service';
import type { AcpJob } from './acp-job.store';
import { degradeDeliverable } from './bond/degradation';
import { findWalletStanding } from './bond/wallet-standing';
import { evaluateDeliverable, runService } from './job-execution';

export type DeliverableOutcome =
  | { kind: 'delivered'; result: Record<string, unknown>; sha256: string; scanId: string | null; degraded: boolean }
  | { kind: 'failed'; error: string; result: Record<string, unknown> | null; degraded: boolean };

export async function produceDeliverable(em: EntityManager, scans: ScanService, job: AcpJob): Promise<DeliverableOutcome> {
  const standing = await findWalletStanding(em, job.buyer_address);
  const degraded = standing?.status === 'under_verification';
  let run;
  try {
    run = await runService(em, scans, { id: job.id, serviceId: job.service_id, payload: job.payload });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { kind: 'failed', error: err.message, result: null, degraded };
    throw err;
  }
  const result = degraded ? degradeDeliverable(run.result, standing.clean_window_ends_at) : run.result;
  const evaluation = evaluateDeliverable(job.service_id, result);
  if (!evaluation.ok) return { kind: 'failed', error: `Evaluation failed: ${evaluation.reason}`, result, degraded };
  return { kind: 'delivered', result, sha256: evaluation.sha256, scanId: run.scanId, degraded };
}
