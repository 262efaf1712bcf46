import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneEvidence } from '../../src/db/evidence-retention';
import { openOrm, type Orm } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { markPspEventProcessed, receivePspEvent } from '../../src/modules/checkout/psp-event.store';
import { beginLoad, finishLoad } from '../../src/modules/registers/register-load.store';
import { recordVersionSweep } from '../../src/modules/watchlists/version-sweep.store';
import { loadFixtureList } from '../helpers/lists';
import { operatorSql } from '../helpers/operator-sql';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import type Stripe from 'stripe';

/** Evidence the service writes and then may not rewrite: refused to its own role by privileges, and to the owner by triggers. */
describe('evidence is append-only for the service role', () => {
  const { url, ownerUrl } = testConfig().db;
  /** A session with the credentials the running service holds. */
  const asService = (text: string) => operatorSql(url, text);
  /** A session as the database owner. */
  const asOwner = (text: string) => operatorSql(ownerUrl, text);
  let orm: Orm;
  const em = () => orm.em.fork() as EntityManager;
  /** A list of its own, stored through the real parser and version store, as the service role. */
  const source = `opensanctions:i47_${randomBytes(4).toString('hex')}` as const;
  let versionId: string;
  let loadId: string;

  beforeAll(async () => {
    orm = await openOrm(testConfig().db);
    versionId = (await loadFixtureList(em(), { source, path: writeSimpleCsv([{ id: 'E-1', schema: 'Person', name: 'Evidence Fixture Person' }]) })).versionId;
    loadId = await beginLoad(em(), { source, origin: 'test', workflowId: null, contentSha256: 'c'.repeat(64) });
    await sql(em(), `insert into register_entries (load_id, source, record_no, name, name_key, category) values (?, ?, 1, 'Entry', 'entry', 'test')`, [loadId, source]);
    await finishLoad(em(), loadId, { status: 'succeeded', recordCount: 1, problems: [] });
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('counts redeliveries and marks a provider event processed once; nothing else of it can change, and it cannot be deleted', async () => {
    const event = { id: `evt_test_${randomBytes(8).toString('hex')}`, type: 'checkout.session.completed', created: 1_700_000_000, data: { object: { object: 'checkout.session', id: 'cs_test_1' } } } as unknown as Stripe.Event;
    await receivePspEvent(em(), event);
    expect((await receivePspEvent(em(), event)).deliveries).toBe(2);
    await markPspEventProcessed(em(), event.id);
    const where = `where event_id = '${event.id}'`;
    await expect(asService(`update psp_events set payload = '{"forged":true}' ${where}`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update psp_events set event_type = 'charge.refunded' ${where}`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update psp_events set processed_at = now() - interval '1 day' ${where}`)).rejects.toThrow(/immutable/);
    await expect(asService(`update psp_events set deliveries = 1 ${where}`)).rejects.toThrow(/immutable/);
    await expect(asService(`delete from psp_events ${where}`)).rejects.toThrow(/permission denied/);
    await expect(asService(`truncate psp_events`)).rejects.toThrow(/permission denied/);
    await expect(asService(`alter table psp_events disable trigger user`)).rejects.toThrow(/must be owner/);
    await expect(asOwner(`update psp_events set payload = '{"forged":true}' ${where}`)).rejects.toThrow(/immutable but for processed_at, deliveries/);
    await expect(asOwner(`delete from psp_events ${where}`)).rejects.toThrow(/DELETE refused outside retention pruning/);
    const [row] = (await asOwner(`select payload->>'type' as type, deliveries from psp_events ${where}`)) as { type: string; deliveries: number }[];
    expect(row).toEqual({ type: 'checkout.session.completed', deliveries: 2 });
  });

  it('keeps a loaded list version, its entities and its changes as loaded; its sweep is recorded once', async () => {
    await recordVersionSweep(em(), versionId, 'sweep-1');
    await expect(asService(`update list_versions set content_hash = '${'f'.repeat(64)}' where id = '${versionId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update list_versions set sweep_workflow_id = 'sweep-2' where id = '${versionId}'`)).rejects.toThrow(/immutable/);
    await expect(asService(`delete from list_versions where id = '${versionId}'`)).rejects.toThrow(/permission denied/);
    for (const table of ['listed_entities', 'list_version_changes']) {
      await expect(asService(`update ${table} set source_id = 'E-2' where list_version_id = '${versionId}'`)).rejects.toThrow(/permission denied/);
      await expect(asService(`delete from ${table} where list_version_id = '${versionId}'`)).rejects.toThrow(/permission denied/);
      await expect(asOwner(`update ${table} set source_id = 'E-2' where list_version_id = '${versionId}'`)).rejects.toThrow(/immutable/);
      await expect(asOwner(`delete from ${table} where list_version_id = '${versionId}'`)).rejects.toThrow(/DELETE refused/);
    }
    await expect(asService(`update listed_entities set entity = '{"primaryName":"Someone Else"}' where list_version_id = '${versionId}'`)).rejects.toThrow(/permission denied/);
    const [row] = (await asOwner(`select v.sweep_workflow_id, e.entity->>'primaryName' as name from list_versions v join listed_entities e on e.list_version_id = v.id where v.id = '${versionId}'`)) as unknown[];
    expect(row).toEqual({ sweep_workflow_id: 'sweep-1', name: 'Evidence Fixture Person' });
  });

  it('closes a register load once and keeps its entries', async () => {
    await expect(asService(`update register_loads set content_sha256 = '${'0'.repeat(64)}' where id = '${loadId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update register_loads set status = 'failed' where id = '${loadId}'`)).rejects.toThrow(/immutable/);
    await expect(asService(`delete from register_loads where id = '${loadId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update register_entries set name = 'Other' where load_id = '${loadId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`delete from register_entries where load_id = '${loadId}'`)).rejects.toThrow(/permission denied/);
    await expect(asOwner(`update register_entries set name = 'Other' where load_id = '${loadId}'`)).rejects.toThrow(/immutable/);
    const [row] = (await asOwner(`select status, version_number from register_loads where id = '${loadId}'`)) as unknown[];
    expect(row).toEqual({ status: 'succeeded', version_number: 1 });
  });

  it('prunes superseded list entities only as the owner, through the retention command, and keeps the version rows', async () => {
    // A version of this list from 2015, which the one above superseded, stored with a copy of its entities and changes.
    const old = randomUUID();
    await asService(`begin;
      insert into list_versions (id, source, version_number, list_kind, content_hash, entity_count, counts, problem_count, problems, origin,
          added_count, removed_count, changed_count, created_at)
        select '${old}', source, 0, list_kind, content_hash, entity_count, counts, problem_count, problems, origin, added_count, removed_count, changed_count,
               '2015-01-01T00:00:00Z' from list_versions where id = '${versionId}';
      insert into listed_entities (list_version_id, source_id, content_hash, entity) select '${old}', source_id, content_hash, entity from listed_entities where list_version_id = '${versionId}';
      insert into list_version_changes (list_version_id, source_id, change, previous_hash, current_hash)
        select '${old}', source_id, change, previous_hash, current_hash from list_version_changes where list_version_id = '${versionId}';
      commit;`);
    const cutOff = new Date('2016-01-01T00:00:00Z');
    await expect(pruneEvidence(url, cutOff)).rejects.toThrow(/permission denied/);
    const dry = await pruneEvidence(ownerUrl, cutOff, { dryRun: true });
    expect(dry.listed_entities).toBeGreaterThanOrEqual(1);
    expect(await asOwner(`select count(*)::int as n from listed_entities where list_version_id = '${old}'`)).toEqual([{ n: 1 }]);
    const outcome = await pruneEvidence(ownerUrl, cutOff);
    expect(outcome.listed_entities).toBeGreaterThanOrEqual(1);
    expect(await asOwner(`select 1 from listed_entities where list_version_id = '${old}'`)).toEqual([]);
    expect(await asOwner(`select 1 from list_version_changes where list_version_id = '${old}'`)).toEqual([]);
    expect(await asOwner(`select id from list_versions where id = '${old}'`)).toEqual([{ id: old }]);
    // The newest version of the list is untouched.
    expect(await asOwner(`select count(*)::int as n from listed_entities where list_version_id = '${versionId}'`)).toEqual([{ n: 1 }]);
  });
});
