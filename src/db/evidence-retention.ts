/**
 * Retention pruning of kept evidence, run by an operator as the database owner (`npm run cli --
 * retention prune`), never by the service: the service's role has no DELETE on these tables, and their
 * triggers refuse a delete unless the session has set `compliance.pruning = on` (migration
 * `evidence-append-only-i47`), which this does for its own transaction only.
 *
 * What goes, once older than the cut-off: the entities and changes of list versions a newer version of
 * the same list has superseded, the entries of register loads a newer successful load of the same
 * register has superseded, and provider events already processed. What stays: every list version and
 * register load row (which file was loaded, when, with what content hash), every scan (which keeps the
 * matches it showed), cases, their audit logs and rulings, the credit ledger.
 */
import { Client } from 'pg';

/** Seven years, the AML/CTF Act's record-keeping period, as the default cut-off. */
export const DEFAULT_RETENTION_DAYS = 2_557;

export interface PruneOutcome {
  before: string;
  dry_run: boolean;
  listed_entities: number;
  list_version_changes: number;
  register_entries: number;
  psp_events: number;
}

const SUPERSEDED_VERSIONS = `select v.id from list_versions v
  where v.created_at < $1 and exists (select 1 from list_versions n where n.source = v.source and n.version_number > v.version_number)`;
const SUPERSEDED_LOADS = `select l.id from register_loads l
  where l.finished_at < $1 and exists (select 1 from register_loads n where n.source = l.source and n.status = 'succeeded' and n.started_at > l.started_at)`;

/** Deletes what the retention period no longer requires, in one transaction (rolled back on a dry run). */
export async function pruneEvidence(ownerUrl: string, before: Date, options: { dryRun?: boolean } = {}): Promise<PruneOutcome> {
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`set local compliance.pruning = 'on'`);
    const count = async (text: string) => (await client.query(text, [before])).rowCount ?? 0;
    const outcome: PruneOutcome = {
      before: before.toISOString(),
      dry_run: Boolean(options.dryRun),
      listed_entities: await count(`delete from listed_entities where list_version_id in (${SUPERSEDED_VERSIONS})`),
      list_version_changes: await count(`delete from list_version_changes where list_version_id in (${SUPERSEDED_VERSIONS})`),
      register_entries: await count(`delete from register_entries where load_id in (${SUPERSEDED_LOADS})`),
      psp_events: await count(`delete from psp_events where processed_at is not null and received_at < $1`),
    };
    await client.query(options.dryRun ? 'rollback' : 'commit');
    return outcome;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
