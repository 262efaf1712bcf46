/**
 * The enrolled customers as a matching index: the reverse of a scan, where a changed listed entity is the
 * query and the customers are what is searched. Built with the matcher's own index builder
 * (`MatchIndex.build`), each customer a "listed" entity under the names of its scan request, so a
 * customer is found by the same tokenising, candidate search and scoring a scan uses.
 *
 * Building a million customers takes seconds, so a worker keeps one base index and adds customers
 * enrolled since in a small delta index, built on each look-up; the base is rebuilt when the delta
 * grows past a share of it. Customers unenrolled since the base stay in it until then: the pages that
 * re-screen candidates read only active enrolments.
 *
 * "Enrolled since" is exact, not a matter of clocks: the base is read with the snapshot it records, and
 * the delta is every active enrolment whose enrolling transaction (`enrolled_xid`) that snapshot did
 * not see, however long that transaction ran before it committed.
 */
import { IsolationLevel, type EntityManager } from '@mikro-orm/postgresql';
import { MatchIndex } from '../../matching';
import { namesIn } from '../../matching/prepare/names-in';
import type { Orm } from '../../db/orm';
import { sql } from '../../db/sql';
import type { ListedEntity } from '../../sources/listed-entity';
import type { CustomerRow } from './customer-row';
import { ThinCustomers } from './thin-customers';

/** The delta is folded into a new base once it holds this share of the base's customers (or 10,000). */
const DELTA_SHARE = 0.05;
const DELTA_FLOOR = 10_000;

/** A customer as the matcher's index takes it: its enrolment id as the source id, its request's names. */
export function customerAsEntity(row: CustomerRow): ListedEntity {
  const [primaryName, ...others] = namesIn(row.name);
  return {
    source: 'customer',
    sourceId: row.id,
    listKind: 'other',
    kind: row.entity_type,
    primaryName: primaryName ?? row.name,
    aliases: others.map((name) => ({ name, type: 'alias' as const, strength: 'unknown' as const, script: 'latin' as const })),
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    countries: [],
    gender: null,
    programmes: [],
    listedOn: null,
    controlDate: null,
    remarks: null,
    identifiers: [],
  };
}

const CUSTOMERS_SQL = `select e.id, e.entity_type, s.request->>'name' as name
  from monitoring_enrolments e join scans s on s.id = e.scan_id where e.active`;

/** Every active customer, and the snapshot the read saw them by. */
async function readBase(em: EntityManager): Promise<{ rows: CustomerRow[]; snapshot: string }> {
  return em.transactional(
    async (tx) => {
      const [{ snapshot }] = (await sql<{ snapshot: string }[]>(tx as EntityManager, 'select pg_current_snapshot()::text as snapshot')) as [{ snapshot: string }];
      return { rows: await sql<CustomerRow[]>(tx as EntityManager, CUSTOMERS_SQL), snapshot };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}

/** Active customers whose enrolment `snapshot` did not see (committed after it, or running then). */
async function readEnrolledSince(em: EntityManager, snapshot: string): Promise<CustomerRow[]> {
  return sql<CustomerRow[]>(
    em,
    // Below the current xmax too: a row restored from another cluster's dump can carry an xid this
    // cluster has not reached, which every snapshot would call unseen (docs/operations.md, backups).
    `${CUSTOMERS_SQL} and e.enrolled_xid >= pg_snapshot_xmin(?::pg_snapshot) and e.enrolled_xid < pg_snapshot_xmax(pg_current_snapshot())
       and not pg_visible_in_snapshot(e.enrolled_xid, ?::pg_snapshot)`,
    [snapshot, snapshot],
  );
}

export interface CustomerIndexView {
  /** The customers enrolled when the base was read, and those read into the delta since. */
  base: MatchIndex;
  delta: MatchIndex;
  /** Customers of each with a one-word name (`thin-customers.ts`), to be checked the scan's way. */
  thin: ThinCustomers[];
}

export class CustomerIndex {
  private base: { index: MatchIndex; thin: ThinCustomers; snapshot: string } | null = null;
  private building: Promise<void> | null = null;

  constructor(private readonly orm: Orm) {}

  /** The base (built now if there is none, or the delta outgrew it) and a delta of later enrolments. */
  async current(): Promise<CustomerIndexView> {
    if (!this.base) await this.rebuildBase();
    let delta = await this.readDelta();
    if (delta.length > Math.max(DELTA_FLOOR, DELTA_SHARE * this.base!.index.stats.entities)) {
      await this.rebuildBase();
      delta = await this.readDelta();
    }
    return { base: this.base!.index, delta: MatchIndex.build(delta.map(customerAsEntity)), thin: [this.base!.thin, ThinCustomers.of(delta)] };
  }

  private async readDelta(): Promise<CustomerRow[]> {
    return readEnrolledSince(this.orm.em.fork(), this.base!.snapshot);
  }

  private async rebuildBase(): Promise<void> {
    this.building ??= (async () => {
      const { rows, snapshot } = await readBase(this.orm.em.fork());
      this.base = { index: MatchIndex.build(rows.map(customerAsEntity)), thin: ThinCustomers.of(rows), snapshot };
    })().finally(() => {
      this.building = null;
    });
    await this.building;
  }
}
