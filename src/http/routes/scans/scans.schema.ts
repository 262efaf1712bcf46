/** Shapes of endpoints 2 and 3 for the OpenAPI document (responses are built in src/modules/screening). */
import { z } from '../../../schemas/zod';

export const ScanIdParams = z.object({ scan_id: z.uuid().openapi({ description: 'The permanent scan id (UUID).' }) });

const MatchRecordSchema = z
  .object({
    source: z.string().openapi({ example: 'dfat' }),
    listed_entity_id: z.string().openapi({ example: 'dfat:1234' }),
    list_version: z.number().int(),
    list_version_id: z.string(),
    list_kind: z.enum(['sanctions', 'pep', 'other']),
    entity_kind: z.string(),
    matched_name: z.string(),
    matched_name_type: z.string(),
    primary_name: z.string(),
    score: z.number().openapi({ description: 'Name score in [0, 1].' }),
    match_kind: z.enum(['exact', 'reordered', 'partial', 'fuzzy']),
    explanation: z.object({ summary: z.string() }).passthrough().openapi({ description: 'Which query tokens met which listed tokens, how, and the score components.' }),
    corroboration: z.record(z.string(), z.string()),
    dates_of_birth: z.array(z.string()),
    nationalities: z.array(z.string()),
    countries: z.array(z.string()),
    gender: z.enum(['M', 'F']).nullable(),
    programmes: z.array(z.string()),
    listed_on: z.string().nullable(),
  })
  .openapi('MatchRecord');

export const ScanResponseSchema = z
  .object({
    scan_id: z.uuid(),
    entity_type: z.enum(['person', 'organisation']),
    entity_name: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    scan_result: z.object({
      match_count: z.number().int(),
      matches: z.array(MatchRecordSchema),
      filter_applied: z.boolean(),
      filter_explanation: z.string().nullable(),
      source_staleness: z.enum(['fresh', 'stale', 'no_data']),
      sources_checked: z.array(z.string()),
    }),
    risk_assessment: z.object({
      risk_level: z.enum(['low', 'medium', 'high', 'critical']),
      risk_score: z.number().int().min(0).max(100),
      risk_factors: z.array(z.string()),
      recommendation: z.string(),
    }),
    metadata: z.object({ service_id: z.string(), query_time_ms: z.number().int(), data_sources: z.array(z.string()) }),
  })
  .openapi('ScanResponse');

export const IdempotencyKeyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'must be 1 to 255 visible ASCII characters'),
});
