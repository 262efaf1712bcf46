/**
 * The scans table. A scan is stored once, with the exact response body its caller received, so that
 * retrieval returns those bytes and never re-runs the screen; an account's idempotency key finds the
 * scan a retried request already made. The row's columns are named once here, for the plain insert
 * below and for the paid-scan statements (`DebitedScanWriter`), so both write the same row.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { sha256 } from '../../integrity/canonical-json';
import type { ScanColumn } from './debited-scan-statements';
import type { ScanRequest } from './scan-request.schema';
import type { ScanResponse } from './scan-response';
import type { LoadedListVersion } from './screening-index';

/** The columns a scan row writes, in the order `scanRow` gives their values, each with its type. */
export const SCAN_COLUMNS: readonly ScanColumn[] = [
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

/** What a scan row records of the request that made it, besides its response. */
export interface ScanRowInput {
  owner: { accountId: string; clientId: string };
  request: ScanRequest;
  idempotencyKey?: string;
  origin?: 'api' | 'batch' | 'monitoring';
}

/** A stored scan as a retried request with its idempotency key finds it. */
export interface KeyedScan {
  id: string;
  response_body: string;
  request_sha256: string;
}

/** The values of a scan row, in {@link SCAN_COLUMNS} order. */
export function scanRow(input: ScanRowInput, response: ScanResponse, body: string, versions: LoadedListVersion[], requestHash: string): unknown[] {
  return [response.scan_id, input.owner.accountId, input.owner.clientId, response.entity_type, response.entity_name, JSON.stringify(input.request),
    body, sha256(body), JSON.stringify(versions.map((v) => ({ source: v.source, version: v.versionNumber, version_id: v.versionId }))),
    response.risk_assessment.risk_level, response.risk_assessment.risk_score, response.scan_result.match_count,
    input.idempotencyKey ?? null, requestHash, input.origin ?? 'api', response.created_at];
}

/**
 * Stores a scan row (values from `scanRow`); false when the account already holds a scan under the
 * same idempotency key (a concurrent request won), in which case nothing was written.
 */
export async function insertScan(em: EntityManager, values: unknown[]): Promise<boolean> {
  const inserted = await sql<{ id: string }[]>(em,
    `insert into scans (${SCAN_COLUMN_NAMES}) values (${SCAN_PLACEHOLDERS})
       on conflict (account_id, idempotency_key) where idempotency_key is not null do nothing
       returning id`,
    values,
    { prepared: 'scan_insert' },
  );
  return inserted.length > 0;
}

/** The account's scan made under `key`, if any. */
export async function findScanByKey(em: EntityManager, accountId: string, key: string): Promise<KeyedScan | undefined> {
  const [row] = await sql<KeyedScan[]>(em,
    'select id, response_body, request_sha256 from scans where account_id = ? and idempotency_key = ?',
    [accountId, key],
  );
  return row;
}

/** A scan's stored response body and the account it belongs to, if the scan exists. */
export async function findScanBody(em: EntityManager, scanId: string): Promise<{ response_body: string; account_id: string } | undefined> {
  const [row] = await sql<{ response_body: string; account_id: string }[]>(em,
    'select response_body, account_id from scans where id = ?',
    [scanId],
  );
  return row;
}
