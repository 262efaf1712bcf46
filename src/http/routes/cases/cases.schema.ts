/** Shapes of endpoints 6 to 9 (spec: Case, Audit event, create-case and decision requests). */
import { z } from '../../../schemas/zod';

const Reviewer = z.string().trim().min(1).max(256).openapi({ example: 'analyst@example.com.au', description: 'Email or name, 1 to 256 characters.' });
const Decision = z.enum(['pending', 'true_match', 'false_positive']);

export const CreateCaseRequestSchema = z.object({ scan_id: z.uuid(), reviewer: Reviewer }).strict().openapi('CreateCaseRequest');

export const DecisionRequestSchema = z
  .object({ decision: Decision, reviewer: Reviewer, notes: z.string().max(10_000).nullable().optional() })
  .strict()
  .openapi('DecisionRequest', {
    description:
      'A `false_positive` clears every match of the case\'s scan for the same customer of this account (same normalised name and date of birth, or the same monitoring enrolment): later scans and monitoring sweeps set those listed entities aside while they are unchanged. A `true_match` confirms them (never suppressed). Each decision replaces what the case ruled before.',
  });

export const CaseIdParams = z.object({ case_id: z.uuid() });

const AuditEventSchema = z
  .object({
    sequence: z.number().int(),
    event_type: z.enum(['case_created', 'decision_logged']),
    actor: z.string(),
    event_data: z.record(z.string(), z.unknown()).nullable().openapi({
      description:
        '`case_created`: `{reviewer}`. `decision_logged`: `{previous_decision, decision, notes}`, plus `cleared_matches` (a `false_positive`: the listed entity ids of the scan\'s matches, remembered for later scans and sweeps of the same customer) or `confirmed_matches` (a `true_match`: never suppressed for this customer).',
    }),
    created_at: z.string().openapi({ format: 'date-time' }),
    previous_hash: z.string().nullable(),
    hash: z.string().openapi({ description: 'SHA-256 over this event and the previous hash; see docs/case-reports.md.' }),
  })
  .openapi('AuditEvent');

export const CaseSchema = z
  .object({
    case_id: z.uuid(),
    scan_id: z.uuid(),
    reviewer: z.string(),
    decision: Decision,
    decision_notes: z.string().nullable(),
    scan_summary: z.object({
      entity_name: z.string(),
      entity_type: z.enum(['person', 'organisation']),
      risk_level: z.string(),
      risk_score: z.number().int(),
      match_count: z.number().int(),
      scanned_at: z.string(),
    }),
    audit_log: z.array(AuditEventSchema),
    audit_chain_valid: z.boolean().openapi({ description: 'Our addition: the hash chain of the audit log verifies and ends at the head recorded on the case.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Case');
