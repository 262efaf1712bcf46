/**
 * Screening one request into the scan response the spec defines: the name searched against one
 * snapshot of the live index, matches a reviewer cleared for this customer set aside, the rest
 * assessed for risk with the sources' staleness. Apart from storing, so that a stored scan, a paid
 * scan and a monitoring re-screen (which compares before it keeps anything) all screen the same way.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { timeOrderedId } from '../../db/time-ordered-id';
import { ValidationError } from '../../errors';
import type { CustomerScope } from './cleared-customer';
import { applyRulings, explainRulings, rememberedRulings } from './cleared-matches';
import { listDisplayName } from './list-names';
import { toMatchRecord } from './match-record';
import { assessRisk } from './risk/risk-assessment';
import type { RuledCustomers } from './ruled-customers';
import type { ScanRequest } from './scan-request.schema';
import { serviceIdFor, type ScanResponse } from './scan-response';
import type { LoadedListVersion, ScreeningIndex } from './screening-index';
import type { SourceFreshness } from './source-freshness';

/** A name with nothing to screen (no letters or digits): screening it would falsely read as clean. */
export class UnscreenableNameError extends ValidationError {
  constructor(name: string) {
    super([{ loc: ['body', 'name'], msg: `The name ${JSON.stringify(name.slice(0, 80))} has no letters or digits to screen`, type: 'unscreenable_name' }]);
    this.name = 'UnscreenableNameError';
  }

  /** The reason alone, for a batch item's error_message. */
  get reason(): string {
    return this.issues[0]!.msg;
  }
}

/** Letters or digits of any script. */
const SCREENABLE = /[\p{L}\p{N}]/u;

/** A screened request: its response and the list versions it was screened against. */
export interface ScreenedScan {
  response: ScanResponse;
  versions: LoadedListVersion[];
}

export class ScanScreening {
  constructor(
    private readonly index: ScreeningIndex,
    private readonly freshness: SourceFreshness,
    private readonly ruled: RuledCustomers,
  ) {}

  /**
   * The response and the list versions it was screened against (one snapshot of the index). With a
   * scope, the rulings remembered for that customer (or enrolment) apply.
   */
  async screen(em: EntityManager, request: ScanRequest, started: number, scope: CustomerScope | null = null): Promise<ScreenedScan> {
    if (!SCREENABLE.test(request.name)) throw new UnscreenableNameError(request.name);
    const { index, versions } = this.index.current();
    const result = index.search({
      name: request.name,
      entityType: request.entity_type,
      dob: request.dob ?? null,
      gender: request.gender ?? null,
      nationality: request.nationality_code ?? null,
      country: request.country_code ?? null,
    });
    const byVersion = new Map(versions.map((v) => [v.source, v]));
    // Rulings remembered for this customer set cleared, unchanged matches aside before anything counts them.
    const records = result.matches.map((m) => toMatchRecord(m, byVersion));
    const ruled = scope && records.length > 0 && (await this.ruled.mayHaveRulings(em, scope));
    const { kept: matches, keptPositions, suppressed } = applyRulings(records, ruled ? await rememberedRulings(em, scope, records) : new Map());
    const scored = keptPositions.map((position) => result.matches[position]!);
    const rulingsExplained = explainRulings(matches, suppressed);
    const staleness = await this.freshness.staleness(em, versions);
    const risk = assessRisk({
      entityType: request.entity_type,
      personProfile: request.risk_profile?.kind === 'person' ? request.risk_profile.profile : null,
      organisationProfile: request.risk_profile?.kind === 'organisation' ? request.risk_profile.profile : null,
      countryCode: request.country_code ?? null,
      nationalityCode: request.nationality_code ?? null,
      incorporationCountryCode: (request as { incorporation_country_code?: string | null }).incorporation_country_code ?? null,
      matches: scored.map((m) => ({ listKind: m.listKind, score: m.score, matchedName: m.matchedName, source: m.source })),
      sourceStaleness: staleness,
    });
    const response: ScanResponse = {
      scan_id: timeOrderedId(),
      entity_type: request.entity_type,
      entity_name: request.name,
      created_at: new Date().toISOString(),
      scan_result: {
        match_count: matches.length,
        matches,
        suppressed_matches: suppressed,
        filter_applied: result.filterApplied || suppressed.length > 0,
        filter_explanation: [result.filterExplanation, rulingsExplained].filter((part) => part !== null).join('; ') || null,
        source_staleness: staleness,
        sources_checked: versions.map((v) => v.source),
      },
      risk_assessment: risk,
      metadata: {
        service_id: serviceIdFor(request.entity_type),
        query_time_ms: Math.round(performance.now() - started),
        data_sources: versions.map((v) => `${listDisplayName(v.source)} v${v.versionNumber} (loaded ${v.createdAt.toISOString()}${v.publishedAt ? `; published ${v.publishedAt.toISOString().slice(0, 10)}` : ''})`),
      },
    };
    return { response, versions };
  }
}
