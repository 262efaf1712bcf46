/**
 * A match as the scan response and the permanent record carry it: which list and version, which name
 * met which, how strongly and why, and the listed person's identifying details a reviewer compares.
 */
import type { Match } from '../../matching';
import { describeDateOfBirth } from '../../matching/filters/date-of-birth-check';
import { type PepExposure, pepExposureOf } from './pep-exposure';
import type { LoadedListVersion } from './screening-index';

export interface MatchRecord {
  source: string;
  listed_entity_id: string;
  list_version: number;
  list_version_id: string;
  list_kind: string;
  entity_kind: string;
  matched_name: string;
  matched_name_type: string;
  primary_name: string;
  score: number;
  match_kind: string;
  explanation: {
    summary: string;
    pairings: Match['explanation']['pairings'];
    unmatched_query_tokens: string[];
    unmatched_listed_tokens: string[];
    components: Match['explanation']['components'];
    threshold: number;
  };
  corroboration: Match['corroboration'];
  dates_of_birth: string[];
  nationalities: string[];
  countries: string[];
  gender: 'M' | 'F' | null;
  programmes: string[];
  listed_on: string | null;
  /** Set when the listed entity is of another kind than the scan's `entity_type` (near-exact name, score penalised). */
  type_mismatch: { queried: string; listed: string; penalty: number; name_score: number } | null;
  /** PEP matches only: which positions make the person a PEP, and since when. */
  pep?: PepExposure;
}

export function toMatchRecord(match: Match, versions: Map<string, LoadedListVersion>): MatchRecord {
  const version = versions.get(match.source);
  return {
    source: match.source,
    listed_entity_id: match.entityId,
    list_version: version?.versionNumber ?? 0,
    list_version_id: version?.versionId ?? '',
    list_kind: match.listKind,
    entity_kind: match.entityKind,
    matched_name: match.matchedName,
    matched_name_type: match.matchedNameType,
    primary_name: match.primaryName,
    score: match.score,
    match_kind: match.matchKind,
    explanation: {
      summary: match.explanation.summary,
      pairings: match.explanation.pairings,
      unmatched_query_tokens: match.explanation.unmatchedQuery.map((t) => t.token),
      unmatched_listed_tokens: match.explanation.unmatchedListed.map((t) => t.token),
      components: match.explanation.components,
      threshold: match.explanation.threshold,
    },
    corroboration: match.corroboration,
    dates_of_birth: match.datesOfBirth.map(describeDateOfBirth),
    nationalities: match.nationalities,
    countries: match.countries,
    gender: match.gender,
    programmes: match.programmes,
    listed_on: match.listedOn,
    type_mismatch: match.typeMismatch
      ? { queried: match.typeMismatch.queried, listed: match.typeMismatch.listed, penalty: match.typeMismatch.penalty, name_score: match.typeMismatch.nameScore }
      : null,
    ...(match.listKind === 'pep' ? { pep: pepExposureOf(match.source, match.positions) } : {}),
  };
}
