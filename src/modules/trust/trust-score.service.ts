/**
 * Trust Scores as the API serves them (endpoints 10 and 11): the ABN checked by its checksum (422
 * naming the problem), the registers' findings gathered and scored, and the answer cached for 24 hours
 * per ABN (POST: with its name hint, directors and Tranche 2 flag), so the same inputs under the same methodology
 * give the same answer. The cache lives in Redis; while Redis is away every request is computed.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { ValidationError } from '../../errors';
import type { Logger } from '../../logger';
import type { ScanService } from '../screening/scan.service';
import { adverseMediaRisks, type AdverseMediaProvider } from './adverse-media';
import { abrEntityUrl, checkAbn } from './business-numbers';
import { gatherFindings, type AbnLookupOutcome } from './register-lookup';
import { METHODOLOGY_VERSION, scoreTrust, type TrustScore } from './trust-score';

export const TRUST_CACHE_SECONDS = 24 * 3_600;

export interface TrustScoreRequest {
  entity_name_hint: string | null;
  /** Extension: directors' names, checked against ASIC's banned and disqualified persons register. */
  director_names: string[];
  tranche_2_profession: boolean;
  include_adverse_media: boolean;
}

export interface TrustScoreResponse extends TrustScore {
  abn: string;
  last_refreshed_per_source: Record<string, string>;
  entity_name_used: string | null;
  /** What a citation needs (spec, Versioning 5): the ABR page of the ABN and when this was retrieved. */
  abr_entity_url: string;
  retrieved_at: string;
  methodology_url: string;
}

export class TrustScoreService {
  constructor(
    private readonly scans: ScanService,
    private readonly redis: Redis,
    private readonly cachePrefix: string,
    private readonly logger: Logger,
    /** The ABN Lookup web service for ABNs missing from the extract; absent when no GUID is configured. */
    private readonly lookupMissingAbn?: (em: EntityManager, abn: string) => Promise<AbnLookupOutcome>,
    /** None is configured in this version (see adverse-media.ts). */
    private readonly adverseMedia?: AdverseMediaProvider,
  ) {}

  async score(em: EntityManager, rawAbn: string, request: TrustScoreRequest, now = new Date()): Promise<{ response: TrustScoreResponse; cached: boolean }> {
    const check = checkAbn(rawAbn);
    if (!check.valid) throw new ValidationError([{ loc: ['path', 'abn'], msg: check.problem, type: 'abn_invalid' }]);
    const abn = check.value;
    const directors = [...new Set(request.director_names)].sort();
    const key = `${this.cachePrefix}trust:${METHODOLOGY_VERSION}:${abn}:${request.tranche_2_profession ? 't2' : '-'}:${JSON.stringify([request.entity_name_hint, directors])}`;
    const hit = await this.cached(key);
    if (hit) return { response: hit, cached: true };

    const gathered = await gatherFindings(
      em,
      this.scans,
      { abn, nameHint: request.entity_name_hint, directorNames: directors, tranche2Profession: request.tranche_2_profession },
      now,
      this.lookupMissingAbn ? (missing) => this.lookupMissingAbn!(em, missing) : undefined,
    );
    const score = scoreTrust(gathered.findings, now);
    if (request.include_adverse_media) score.contributing_risks.push(...(await adverseMediaRisks(this.adverseMedia, request.entity_name_hint)));
    const response: TrustScoreResponse = {
      abn,
      ...score,
      last_refreshed_per_source: gathered.lastRefreshed,
      entity_name_used: gathered.entityNameUsed,
      abr_entity_url: abrEntityUrl(abn),
      retrieved_at: now.toISOString(),
      methodology_url: `/v1/trust-score/methodology/${METHODOLOGY_VERSION}`,
    };
    await this.redis.set(key, JSON.stringify(response), 'EX', TRUST_CACHE_SECONDS).catch((err: Error) => this.logger.warn({ err: err.message }, 'trust score not cached (Redis unavailable)'));
    return { response, cached: false };
  }

  private async cached(key: string): Promise<TrustScoreResponse | undefined> {
    try {
      const value = this.redis.status === 'ready' ? await this.redis.get(key) : null;
      return value ? (JSON.parse(value) as TrustScoreResponse) : undefined;
    } catch {
      return undefined;
    }
  }
}
