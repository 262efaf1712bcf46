/** The scan response of the spec, assembled from a screening outcome and a risk assessment. */
import type { ScanMatch, SuppressedMatch } from './cleared-matches';
import type { SourceStaleness } from './source-freshness';

export interface ScanResponse {
  scan_id: string;
  entity_type: 'person' | 'organisation';
  entity_name: string;
  created_at: string;
  scan_result: {
    match_count: number;
    matches: ScanMatch[];
    /** Our addition: matches set aside because a reviewer cleared them for this customer and they are unchanged since. */
    suppressed_matches: SuppressedMatch[];
    filter_applied: boolean;
    filter_explanation: string | null;
    source_staleness: SourceStaleness;
    sources_checked: string[];
  };
  risk_assessment: { risk_level: string; risk_score: number; risk_factors: string[]; recommendation: string };
  metadata: { service_id: string; query_time_ms: number; data_sources: string[] };
}

/** The ACP service id a scan answers for (spec: manifest services `pep_scan` and `org_scan`). */
export const serviceIdFor = (entityType: 'person' | 'organisation') => (entityType === 'person' ? 'pep_scan' : 'org_scan');
