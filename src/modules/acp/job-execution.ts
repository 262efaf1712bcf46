/**
 * Running an agent job's service and evaluating what it delivers. The services are the API's own
 * (scans stored as permanent scans of the agent-jobs account, the eligibility engine, the register
 * feeds, the AusTender query), so a job answers exactly what the endpoint would. The evaluation is what
 * an on-chain evaluator can rely on: the deliverable has the shape the service promises, is complete,
 * and is identified by the SHA-256 of its canonical JSON.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalJson } from '../../integrity/canonical-json';
import { checkEligibility } from '../eligibility/eligibility.engine';
import type { EligibilityCheckRequest } from '../eligibility/eligibility.schema';
import { checkAsic } from '../feeds/asic-feed';
import { checkAustrac } from '../feeds/austrac-feed';
import { queryAustender, type AustenderQuery } from '../registers/austender-query';
import type { ScanService } from '../screening/scan.service';
import type { ScanRequest } from '../screening/scan-request.schema';
import type { AcpServiceId } from './services';

/** The account (and client) agent-job scans are stored under: agents are identified by wallet, not account. */
export const ACP_ACCOUNT_ID = '00000000-0000-4000-8000-0000000ac901';

export interface Deliverable {
  result: Record<string, unknown>;
  scanId: string | null;
}

export async function runService(em: EntityManager, scans: ScanService, job: { id: string; serviceId: AcpServiceId; payload: unknown }): Promise<Deliverable> {
  switch (job.serviceId) {
    case 'pep_scan':
    case 'org_scan': {
      const scan = await scans.create(em, {
        owner: { accountId: ACP_ACCOUNT_ID, clientId: ACP_ACCOUNT_ID },
        request: job.payload as ScanRequest,
        idempotencyKey: `acp:${job.id}`, // a retried activity answers the scan already stored
      });
      return { result: scan.response as unknown as Record<string, unknown>, scanId: scan.scanId };
    }
    case 'austrac_eligibility':
      return { result: checkEligibility(job.payload as EligibilityCheckRequest) as unknown as Record<string, unknown>, scanId: null };
    case 'asic_breach':
      return { result: (await checkAsic(em, job.payload as { name: string | null; acn: string | null; abn: string | null })) as unknown as Record<string, unknown>, scanId: null };
    case 'austrac_enforcement':
      return { result: (await checkAustrac(em, job.payload as { name: string | null; abn: string | null })) as unknown as Record<string, unknown>, scanId: null };
    case 'austender_feed':
      return { result: (await queryAustender(em, job.payload as AustenderQuery)) as unknown as Record<string, unknown>, scanId: null };
  }
}

/** Fields a deliverable of each service must carry to count as complete. */
const REQUIRED_FIELDS: Record<AcpServiceId, string[]> = {
  pep_scan: ['scan_id', 'scan_result', 'risk_assessment'],
  org_scan: ['scan_id', 'scan_result', 'risk_assessment'],
  austrac_eligibility: ['must_register', 'registration_deadline'],
  asic_breach: ['breach_found'],
  austrac_enforcement: ['enforcement_found'],
  austender_feed: ['contracts'],
};

export type Evaluation = { ok: true; sha256: string } | { ok: false; reason: string };

/** Checks the deliverable is complete for its service and fingerprints it. */
export function evaluateDeliverable(serviceId: AcpServiceId, result: Record<string, unknown>): Evaluation {
  const missing = REQUIRED_FIELDS[serviceId].filter((field) => !(field in result));
  if (missing.length) return { ok: false, reason: `the ${serviceId} deliverable lacks ${missing.join(', ')}` };
  return { ok: true, sha256: createHash('sha256').update(canonicalJson(result)).digest('hex') };
}
