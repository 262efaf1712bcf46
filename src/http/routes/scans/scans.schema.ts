/** Shapes of endpoints 2 and 3 for the OpenAPI document (responses are built in src/modules/screening). */
import { z } from '../../../schemas/zod';

export const ScanIdParams = z.object({ scan_id: z.uuid().openapi({ description: 'The permanent scan id (UUID).' }) });

/** Extension: on a PEP match, the positions that make the person a PEP and since when. */
const PepExposureSchema = z
  .object({
    category: z.enum(['domestic', 'foreign', 'international_organisation', 'unknown']).openapi({
      description: "The kind of PEP per AUSTRAC's guidance, from the list: `domestic` for Australian lists (EveryPolitician's federal parliamentarians); `unknown` for lists mixing countries, treated as foreign in the risk assessment.",
    }),
    positions: z.array(
      z.object({
        title: z.string().openapi({ example: 'Member of the House of Representatives' }),
        body: z.string().nullable().openapi({ example: 'House of Representatives, Parliament of Australia' }),
        area: z.string().nullable().openapi({ description: 'Electorate or state/territory.', example: 'New England' }),
        party: z.string().nullable().openapi({ example: 'National Party' }),
        term: z.number().int().nullable().openapi({ description: 'Parliament number of a membership (45 = 45th Parliament).' }),
        start_date: z.string().nullable().openapi({ description: '`YYYY-MM-DD`, `YYYY-MM` or `YYYY` as published.' }),
        end_date: z.string().nullable().openapi({ description: 'Null when not ended as far as the list knows.' }),
        kind: z.enum(['membership', 'office']),
      }),
    ),
    pep_since: z.string().nullable().openapi({ description: 'Earliest start date among the positions.' }),
    last_position_ended: z.string().nullable().openapi({ description: 'Latest end date when every dated position has ended; null while one is held.' }),
    summary: z.string(),
  })
  .openapi('PepExposure');

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
    type_mismatch: z
      .object({
        queried: z.enum(['person', 'organisation']),
        listed: z.enum(['person', 'organisation', 'vessel', 'other']),
        penalty: z.number().openapi({ description: 'Taken off the name score.' }),
        name_score: z.number().openapi({ description: 'The name score before the penalty.' }),
      })
      .nullable()
      .openapi({
        description:
          'Our addition: set when the listed entity is of another kind than the scan\'s `entity_type` (a person scan meeting a listed company or vessel, or the reverse). Such matches are returned only for a (near-)exact name, with the penalty taken off `score`; the explanation says so.',
      }),
    pep: PepExposureSchema.optional(),
  })
  .openapi('MatchRecord');

/** Why a match was set aside (`previously_cleared`) or is shown again (`previously_cleared_but_changed`): the clearing case and reviewer. */
const ClearanceNoteSchema = z
  .object({
    reason: z.enum(['previously_cleared', 'previously_cleared_but_changed']),
    case_id: z.uuid(),
    cleared_by: z.string().openapi({ description: 'The reviewer who logged the false_positive decision.' }),
    cleared_at: z.string().openapi({ format: 'date-time' }),
    cleared_list_version: z.number().int().nullable().openapi({ description: 'The version of the list the reviewer saw.' }),
  })
  .openapi('ClearanceNote');

export const ScanResponseSchema = z
  .object({
    scan_id: z.uuid(),
    entity_type: z.enum(['person', 'organisation']),
    entity_name: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    scan_result: z.object({
      match_count: z.number().int().openapi({ description: 'Matches in `matches`; suppressed matches are not counted.' }),
      matches: z.array(
        MatchRecordSchema.extend({
          previous_clearance: ClearanceNoteSchema.optional().openapi({
            description: 'Our addition: present when this match was ruled a false positive for this customer before and the listed entity has changed since (reason `previously_cleared_but_changed`), so it is shown again.',
          }),
        }),
      ),
      suppressed_matches: z.array(MatchRecordSchema.extend({ suppression: ClearanceNoteSchema })).openapi({
        description:
          'Our addition: matches set aside because a case of this account ruled them a false positive for the same customer (same normalised name and date of birth, or the same monitoring enrolment) and the listed entity is unchanged since. Not counted in `match_count` nor in the risk assessment. A `true_match` ruling is never suppressed.',
      }),
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
