/**
 * The population `bench:rescreen` re-screens: enrolled customers made by the benches' generator from
 * real name pools (`../generated-entities.ts`, pools measured on the lists loaded), written straight into
 * the bench database (a scan row carrying the customer's request, and its enrolment, in batches: the
 * scans themselves are not what is measured), and the two versions of a list whose release changes
 * 1,000 entities.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../src/db/sql';
import type { ListedEntity } from '../../src/sources/listed-entity';
import type { SyntheticTarget } from '../../test/helpers/synthetic-lists';
import { generatedEntities } from '../generated-entities';
import { measureNamePools, type NamePools } from './name-pools';

export interface BenchCustomer {
  enrolmentId: string;
  name: string;
  entityType: 'person' | 'organisation';
}

const INSERT_BATCH = 5_000;
const CUSTOMER_SEED = 51_001;
const LIST_SEED = 51_002;
const ADDED_SEED = 51_003;

/** Name pools measured on the lists the bench database holds. */
export async function poolsOfLoadedLists(em: EntityManager): Promise<NamePools> {
  const rows = await sql<{ entity: ListedEntity }[]>(em, 'select entity from listed_entities');
  return measureNamePools(rows.map((r) => r.entity));
}

/** What the API accepts as a name to screen (`scan-screening.ts`): a generated name of punctuation alone ("&") is left out. */
const SCREENABLE = /[\p{L}\p{N}]/u;

function entitiesOf(pools: NamePools, count: number, seed: number): ListedEntity[] {
  const out: ListedEntity[] = [];
  for (const entity of generatedEntities(pools, count * 20, seed)) {
    if (!SCREENABLE.test(entity.primaryName)) continue;
    out.push(entity);
    if (out.length === count) break;
  }
  return out;
}

/** The bench's `count` customers (the same on every run but their enrolment ids), not yet written. */
export function benchCustomers(pools: NamePools, count: number): BenchCustomer[] {
  return entitiesOf(pools, count, CUSTOMER_SEED).map((e): BenchCustomer => ({ enrolmentId: randomUUID(), name: e.primaryName, entityType: e.kind === 'person' ? 'person' : 'organisation' }));
}

/** Writes `count` customers (a scan row and an active enrolment each) for the bench client. */
export async function enrolCustomers(em: EntityManager, pools: NamePools, owner: { accountId: string; clientId: string }, count: number, progress: (done: number) => void): Promise<BenchCustomer[]> {
  const customers = benchCustomers(pools, count);
  for (let i = 0; i < customers.length; i += INSERT_BATCH) {
    const rows = customers.slice(i, i + INSERT_BATCH).map((c) => ({ scan_id: randomUUID(), enrolment_id: c.enrolmentId, name: c.name, entity_type: c.entityType, request: { entity_type: c.entityType, name: c.name } }));
    await sql(
      em,
      `with x as (select * from jsonb_to_recordset(?::jsonb) as x(scan_id uuid, enrolment_id uuid, name text, entity_type text, request jsonb)),
       s as (insert into scans (id, account_id, client_id, entity_type, entity_name, request, response_body, response_sha256, list_versions, risk_level, risk_score, match_count, request_sha256, origin, created_at)
             select scan_id, ?, ?, entity_type, name, request, '{}', 'bench', '[]', 'low', 0, 0, 'bench', 'bench', now() from x returning id)
       insert into monitoring_enrolments (id, account_id, client_id, scan_id, entity_name, entity_type, webhook_url, active, known_matches, last_scan_id, enrolled_at)
       select enrolment_id, ?, ?, scan_id, name, entity_type, null, true, '[]', scan_id, now() from x`,
      [JSON.stringify(rows), owner.accountId, owner.clientId, owner.accountId, owner.clientId],
    );
    progress(Math.min(customers.length, i + INSERT_BATCH));
  }
  return customers;
}

const asTarget = (e: ListedEntity, id: string, countries?: string): SyntheticTarget => ({ id, schema: e.kind === 'person' ? 'Person' : 'Company', name: e.primaryName, ...(countries ? { countries } : {}) });

/**
 * Version 1 of the release list (`listed` entities) and version 2, which changes 1,000 of them: adds
 * 500 (100 of them the names of enrolled customers, so alerts are certain; 400 new), changes 300 (a
 * new country) and removes 200.
 */
export function releaseVersions(pools: NamePools, customers: BenchCustomer[], listed = 2_000): { v1: SyntheticTarget[]; v2: SyntheticTarget[]; customersListed: BenchCustomer[] } {
  const base = entitiesOf(pools, listed, LIST_SEED);
  const v1 = base.map((e, i) => asTarget(e, `R-${i}`));
  const customersListed = customers.filter((_, i) => i % Math.floor(customers.length / 100) === 0).slice(0, 100);
  const added = [
    ...customersListed.map((c, i): SyntheticTarget => ({ id: `RC-${i}`, schema: c.entityType === 'person' ? 'Person' : 'Company', name: c.name })),
    ...entitiesOf(pools, 400, ADDED_SEED).map((e, i) => asTarget(e, `RA-${i}`)),
  ];
  const v2 = [...v1.slice(0, 300).map((t) => ({ ...t, countries: 'ru' })), ...v1.slice(500), ...added];
  return { v1, v2, customersListed };
}
