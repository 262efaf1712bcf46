/**
 * What each agent-job service accepts as its `payload`: the same schemas as the API endpoint the
 * service stands for, so a job and a direct call validate alike (a person scan's payload is a scan
 * request without `entity_type`, which the service fixes).
 */
import type { z } from 'zod';
import { AsicCheckRequestSchema, AustracCheckRequestSchema } from '../feeds/feed-requests';
import { EligibilityCheckRequestSchema } from '../eligibility/eligibility.schema';
import { AustenderQuerySchema } from '../registers/austender-query';
import { FullScanRequestSchema } from '../screening/scan-request.schema';
import type { AcpServiceId } from './services';

type Parsed = { ok: true; value: unknown } | { ok: false; issues: { path: (string | number)[]; message: string }[] };

const asResult = (parsed: z.ZodSafeParseResult<unknown>): Parsed =>
  parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })) };

/** Validates a job's payload for its service; issues carry paths inside the payload. */
export function parsePayload(serviceId: AcpServiceId, payload: Record<string, unknown>): Parsed {
  switch (serviceId) {
    case 'pep_scan':
      return asResult(FullScanRequestSchema.safeParse({ ...payload, entity_type: 'person' }));
    case 'org_scan':
      return asResult(FullScanRequestSchema.safeParse({ ...payload, entity_type: 'organisation' }));
    case 'austrac_eligibility':
      return asResult(EligibilityCheckRequestSchema.safeParse(payload));
    case 'asic_breach':
      return asResult(AsicCheckRequestSchema.safeParse(payload));
    case 'austrac_enforcement':
      return asResult(AustracCheckRequestSchema.safeParse(payload));
    case 'austender_feed':
      return asResult(AustenderQuerySchema.safeParse(payload));
  }
}
