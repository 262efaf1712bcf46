/**
 * Running and keeping scans. A scan screens the name against every loaded list, filters, assesses risk
 * (scan-screening.ts), and is stored once with its exact response body (scan.store.ts); retrieval
 * returns those bytes and never re-runs. An idempotency key (the header, or a batch item's own key)
 * makes a retried request return the first scan instead of creating a second.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, NotFoundError } from '../../errors';
import { canonicalJson, sha256 } from '../../integrity/canonical-json';
import { customerKeyOf, type CustomerScope } from './cleared-customer';
import { RuledCustomers } from './ruled-customers';
import type { ScanRequest } from './scan-request.schema';
import type { ScanResponse } from './scan-response';
import { ScanScreening } from './scan-screening';
import { findScanBody, findScanByKey, insertScan, SCAN_COLUMNS, scanRow, type KeyedScan } from './scan.store';
import type { LoadedListVersion, ScreeningIndex } from './screening-index';
import type { SourceFreshness } from './source-freshness';
import { timeOrderedId } from '../../db/time-ordered-id';
import type { BalanceChange } from '../credits/ledger';
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
    freshness: SourceFreshness,
    private readonly ruled: RuledCustomers = new RuledCustomers(),
    options: { groupCommitMs?: number } = {},
  ) {
    this.screening = new ScanScreening(index, freshness, ruled);
    this.debitedScans = new DebitedScanWriter(SCAN_COLUMNS, options.groupCommitMs);
  }

  /** How a request becomes a response; the same for stored, paid and unstored scans. */
  private readonly screening: ScanScreening;

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
      const earlier = await findScanByKey(em, input.owner.accountId, input.idempotencyKey);
      if (earlier) return this.replay(earlier, requestHash);
    }
    await input.beforeScreening?.(em);
    // The versions recorded are those this scan was screened against, captured with the index it used:
    // reading the index again after an await could record a version swapped in meanwhile.
    const { response, versions } = await this.screening.screen(em, input.request, started, scopeOf(input));
    const body = JSON.stringify(response);
    const stored = await insertScan(em, scanRow(input, response, body, versions, requestHash));
    if (!stored) {
      // A concurrent request with the same key won the insert: answer with its scan.
      const winner = await findScanByKey(em, input.owner.accountId, input.idempotencyKey!);
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
    const { response, versions } = await this.screening.screen(em, input.request, started, scopeOf(input));
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
    const row = await findScanBody(em, scanId);
    if (!row || row.account_id !== owner.accountId) throw new NotFoundError('Scan not found');
    return row.response_body;
  }

  private replay(row: KeyedScan, requestHash: string): CreatedScan {
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
    return (await this.screening.screen(em, request, started, scope)).response;
  }
}
