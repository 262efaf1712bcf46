/**
 * Trust Scores as the API serves them (endpoints 10 and 11): the ABN checked by its checksum (422
 * naming the problem), the registers' findings gathered and scored, and the answer cached for 24 hours
 * (trust-cache.ts: keyed by a hash of every input, per caller when the caller supplied names), so the
 * same inputs under the same methodology give the same answer. While Redis is away every request is computed.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { ValidationError } from '../../errors';
import type { Logger } from '../../logger';
import type { ScanService } from '../screening/scan.service';
import { adverseMediaRisks, type AdverseMediaProvider } from './adverse-media';
import { checkAbn } from '../../sources/common/business-numbers';
import { abrEntityUrl } from './business-numbers';
import { gatherFindings, type AbnLookupOutcome, type DirectorInput } from './register-lookup';
import { METHODOLOGY_VERSION, scoreTrust, type TrustScore } from './trust-score';
import { TrustCache, trustCacheKey } from './trust-cache';

export { TRUST_CACHE_SECONDS } from './trust-cache';

export interface TrustScoreRequest {
  entity_name_hint: string | null;
  /** Extension: directors (for a sole trader, the trader), checked against ASIC's banned and disqualified persons register. */
  directors: DirectorInput[];
  tranche_2_profession: boolean;
  include_adverse_media: boolean;
}

export interface TrustScoreResponse extends TrustScore {
  abn: string;
  last_refreshed_per_source: Record<string, string>;
  entity_name_used: string | null;
  /** Every name screened for sanctions and PEPs: the registered legal name, and the hint when given. */
  names_screened: string[];
  /** The persons DIR checked against the banned persons register (none on GET, unless a sole trader). */
  directors_checked: string[];
  /** What a citation needs (spec, Versioning 5): the ABR page of the ABN and when this was retrieved. */
  abr_entity_url: string;
  retrieved_at: string;
  methodology_url: string;
}

export class TrustScoreService {
  private readonly cache: TrustCache;

  constructor(
    private readonly scans: ScanService,
    redis: Redis,
    private readonly cachePrefix: string,
    logger: Logger,
    /** The ABN Lookup web service for ABNs missing from the extract; absent when no GUID is configured. */
    private readonly lookupMissingAbn?: (em: EntityManager, abn: string) => Promise<AbnLookupOutcome>,
    /** None is configured in this version (see adverse-media.ts). */
    private readonly adverseMedia?: AdverseMediaProvider,
  ) {
    this.cache = new TrustCache(redis, logger);
  }

  /** `callerAddress` keys the cache of answers that depend on names the caller gave. */
  async score(em: EntityManager, rawAbn: string, request: TrustScoreRequest, callerAddress: string | null = null, now = new Date()): Promise<{ response: TrustScoreResponse; cached: boolean }> {
    const check = checkAbn(rawAbn);
    if (!check.valid) throw new ValidationError([{ loc: ['path', 'abn'], msg: check.problem, type: 'abn_invalid' }]);
    const abn = check.value;
    const key = trustCacheKey(this.cachePrefix, { abn, ...request }, callerAddress);
    const hit = await this.cache.get<TrustScoreResponse>(key);
    if (hit) return { response: hit, cached: true };

    const gathered = await gatherFindings(
      em,
      this.scans,
      { abn, nameHint: request.entity_name_hint, directors: request.directors, tranche2Profession: request.tranche_2_profession },
      now,
      this.lookupMissingAbn ? (missing) => this.lookupMissingAbn!(em, missing) : undefined,
    );
    const score = scoreTrust(gathered.findings, now);
    if (request.include_adverse_media) score.contributing_risks.push(...(await adverseMediaRisks(this.adverseMedia, gathered.findings.sanctions.unscreenableHint ? null : request.entity_name_hint)));
    const response: TrustScoreResponse = {
      abn,
      ...score,
      last_refreshed_per_source: gathered.lastRefreshed,
      entity_name_used: gathered.entityNameUsed,
      names_screened: gathered.findings.sanctions.namesChecked,
      directors_checked: gathered.findings.directorship.personsChecked,
      abr_entity_url: abrEntityUrl(abn),
      retrieved_at: now.toISOString(),
      methodology_url: `/v1/trust-score/methodology/${METHODOLOGY_VERSION}`,
    };
    // A registration that could not be checked is an outage's answer: never kept past the request.
    if (!response.incomplete_sources.includes('abn_lookup')) await this.cache.put(key, response);
    return { response, cached: false };
  }
}
