/**
 * Running and keeping scans. A scan screens the name against every loaded list, filters, assesses risk,
 * and is stored once with its exact response body; retrieval returns those bytes and never re-runs.
 * An idempotency key (the header, or a batch item's own key) makes a retried request return the first
 * scan instead of creating a second.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, NotFoundError, ValidationError } from '../../errors';
import { canonicalJson, sha256 } from '../../integrity/canonical-json';
import { customerKeyOf, type CustomerScope } from './cleared-customer';
import { applyRulings, explainRulings, rememberedRulings } from './cleared-matches';
import { listDisplayName } from './list-names';
import { RuledCustomers } from './ruled-customers';
import { toMatchRecord } from './match-record';
import { assessRisk } from './risk/risk-assessment';
import type { ScanRequest } from './scan-request.schema';
import { serviceIdFor, type ScanResponse } from './scan-response';
import type { LoadedListVersion, ScreeningIndex } from './screening-index';
import type { SourceFreshness } from './source-freshness';
import { sql } from '../../db/sql';
import { timeOrderedId } from '../../db/time-ordered-id';
import type { BalanceChange } from '../credits/ledger';
import type { ScanColumn } from './debited-scan-statements';
import { DebitedScanWriter } from './debited-scan.store';

export interface ScanOwner {
  accountId: string;
  clientId: string;
}

export interface CreatedScan {
  scanId: string;
  body: string;
  /** True when an earlier scan with the same idempotency key was returned. */
  replayed: boolean;
  response: ScanResponse;
}

export class IdempotencyConflictError extends AppError {
  constructor() {
    super(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different request body');
  }
}

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

/** The columns a scan row writes, in the order `scanRow` gives their values, each with its type. */
const SCAN_COLUMNS: readonly ScanColumn[] = [
  { name: 'id', type: 'uuid' },
  { name: 'account_id', type: 'uuid' },
  { name: 'client_id', type: 'uuid' },
  { name: 'entity_type', type: 'text' },
  { name: 'entity_name', type: 'text' },
  { name: 'request', type: 'jsonb' },
  { name: 'response_body', type: 'text' },
  { name: 'response_sha256', type: 'text' },
  { name: 'list_versions', type: 'jsonb' },
  { name: 'risk_level', type: 'text' },
  { name: 'risk_score', type: 'integer' },
  { name: 'match_count', type: 'integer' },
  { name: 'idempotency_key', type: 'text' },
  { name: 'request_sha256', type: 'text' },
  { name: 'origin', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
];

const SCAN_COLUMN_NAMES = SCAN_COLUMNS.map((c) => c.name).join(', ');
const SCAN_PLACEHOLDERS = SCAN_COLUMNS.map(() => '?').join(', ');

/** The values of a scan row, in {@link SCAN_COLUMNS} order. */
function scanRow(
  input: { owner: ScanOwner; request: ScanRequest; idempotencyKey?: string; origin?: 'api' | 'batch' | 'monitoring' },
  response: ScanResponse,
  body: string,
  versions: LoadedListVersion[],
  requestHash: string,
): unknown[] {
  return [response.scan_id, input.owner.accountId, input.owner.clientId, response.entity_type, response.entity_name, JSON.stringify(input.request),
    body, sha256(body), JSON.stringify(versions.map((v) => ({ source: v.source, version: v.versionNumber, version_id: v.versionId }))),
    response.risk_assessment.risk_level, response.risk_assessment.risk_score, response.scan_result.match_count,
    input.idempotencyKey ?? null, requestHash, input.origin ?? 'api', response.created_at];
}

/**
 * Where remembered rulings of a scan apply: the owner's account, the customer named in the request and,
 * for a monitoring re-screen, the enrolment (whose rulings hold even when the request has no key).
 */
function scopeOf(input: { owner: ScanOwner; request: ScanRequest; enrolmentId?: string }): CustomerScope {
  return { accountId: input.owner.accountId, customerKey: customerKeyOf(input.request), enrolmentId: input.enrolmentId ?? null };
}

export class ScanService {
  constructor(
    private readonly index: ScreeningIndex,
    private readonly freshness: SourceFreshness,
    private readonly ruled: RuledCustomers = new RuledCustomers(),
    options: { groupCommitMs?: number } = {},
  ) {
    this.debitedScans = new DebitedScanWriter(SCAN_COLUMNS, options.groupCommitMs);
  }

  /** Paid scans of an account arriving together share a statement and a commit (see the writer). */
  private readonly debitedScans: DebitedScanWriter;

  /** Statements the paid-scan writer has sent (fewer than paid scans when it batched them). */
  get debitedStatementsSent(): number {
    return this.debitedScans.statementsSent;
  }

  /** Screens, assesses and stores one scan (or returns the one stored under the same idempotency key). */
  async create(
    em: EntityManager,
    input: {
      owner: ScanOwner;
      request: ScanRequest;
      idempotencyKey?: string;
      origin?: 'api' | 'batch' | 'monitoring';
      enrolmentId?: string;
      /** Runs after the replay check and before screening: may refuse the scan (a 402) before any work. */
      beforeScreening?: (em: EntityManager) => Promise<void>;
    },
  ): Promise<CreatedScan> {
    const started = performance.now();
    const requestHash = sha256(canonicalJson(input.request));
    if (input.idempotencyKey) {
      const earlier = await this.findByKey(em, input.owner.accountId, input.idempotencyKey);
      if (earlier) return this.replay(earlier, requestHash);
    }
    await input.beforeScreening?.(em);
    // The versions recorded are those this scan was screened against, captured with the index it used:
    // reading the index again after an await could record a version swapped in meanwhile.
    const { response, versions } = await this.screen(em, input.request, started, scopeOf(input));
    const body = JSON.stringify(response);
    const inserted = await sql<{ id: string }[]>(em, 
      `insert into scans (${SCAN_COLUMN_NAMES}) values (${SCAN_PLACEHOLDERS})
       on conflict (account_id, idempotency_key) where idempotency_key is not null do nothing
       returning id`,
      scanRow(input, response, body, versions, requestHash),
      { prepared: 'scan_insert' },
    );
    if (inserted.length === 0) {
      // A concurrent request with the same key won the insert: answer with its scan.
      const winner = await this.findByKey(em, input.owner.accountId, input.idempotencyKey!);
      if (!winner) throw new Error('idempotent insert lost and no winner found');
      return this.replay(winner, requestHash);
    }
    return { scanId: response.scan_id, body, replayed: false, response };
  }

  /**
   * Screens and stores one scan, paying one credit in the same statement (`DebitedScanWriter`, which
   * lets scans of one account arriving together share it): the balance is decremented only if it covers
   * the credit, the scan is stored only if it was, and the ledger row names the scan. Answers null,
   * storing nothing, when the credits do not cover it. For requests without an idempotency key (a replay
   * would need no credit). The statement answers the balance after the debit and the low-credit
   * reference, so the caller can tell whether the debit crossed a low-credit threshold without another
   * round trip.
   */
  async createDebited(em: EntityManager, input: { owner: ScanOwner; request: ScanRequest }): Promise<(CreatedScan & { debit: BalanceChange }) | null> {
    const started = performance.now();
    const { response, versions } = await this.screen(em, input.request, started, scopeOf(input));
    const body = JSON.stringify(response);
    const outcome = await this.debitedScans.write(em, {
      accountId: input.owner.accountId,
      scanId: response.scan_id,
      ledgerId: timeOrderedId(),
      values: scanRow(input, response, body, versions, sha256(canonicalJson(input.request))),
    });
    if (!outcome) return null; // the credits did not cover it, and nothing was stored
    const debit: BalanceChange = {
      accountId: input.owner.accountId,
      before: outcome.balanceAfter + 1,
      after: outcome.balanceAfter,
      referenceBalance: outcome.referenceBalance,
      referenceEntryId: outcome.referenceEntryId,
    };
    return { scanId: response.scan_id, body, replayed: false, response, debit };
  }

  /** The stored response body of a scan of the caller's account, byte for byte. */
  async get(em: EntityManager, owner: Pick<ScanOwner, 'accountId'>, scanId: string): Promise<string> {
    const [row] = await sql<{ response_body: string; account_id: string }[]>(em, 
      'select response_body, account_id from scans where id = ?',
      [scanId],
    );
    if (!row || row.account_id !== owner.accountId) throw new NotFoundError('Scan not found');
    return row.response_body;
  }

  private async findByKey(em: EntityManager, accountId: string, key: string) {
    const [row] = await sql<{ id: string; response_body: string; request_sha256: string }[]>(em, 
      'select id, response_body, request_sha256 from scans where account_id = ? and idempotency_key = ?',
      [accountId, key],
    );
    return row;
  }

  private replay(row: { id: string; response_body: string; request_sha256: string }, requestHash: string): CreatedScan {
    if (row.request_sha256 !== requestHash) throw new IdempotencyConflictError();
    return { scanId: row.id, body: row.response_body, replayed: true, response: JSON.parse(row.response_body) as ScanResponse };
  }

  /** Rulings of this account changed in this process: the next scan asks the database (its notification may still be on its way). */
  forgetRulings(accountId: string): void {
    this.ruled.forget(accountId);
  }

  /** The list versions the live index holds now. */
  loadedVersions(): LoadedListVersion[] {
    return this.index.current().versions;
  }

  /**
   * Screens and assesses without storing anything (monitoring sweeps compare before they keep). With a
   * scope, the rulings remembered for that customer (or enrolment) apply as they would to a stored scan.
   */
  async evaluate(em: EntityManager, request: ScanRequest, started = performance.now(), scope: CustomerScope | null = null): Promise<ScanResponse> {
    return (await this.screen(em, request, started, scope)).response;
  }

  /** The response and the list versions it was screened against (one snapshot of the index). */
  private async screen(em: EntityManager, request: ScanRequest, started: number, scope: CustomerScope | null = null): Promise<{ response: ScanResponse; versions: LoadedListVersion[] }> {
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
