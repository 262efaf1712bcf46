/**
 * A worker's index of enrolled customers reads, after its base, exactly the enrolments the base did not
 * see: one whose transaction was still open when the base was read is found once it commits, however
 * early its `enrolled_at`, and none the base already holds is read again.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { customersReachedBy } from '../../src/modules/monitoring/change-candidates';
import { customerAsEntity, CustomerIndex } from '../../src/modules/monitoring/customer-index';
import type { MatchIndex } from '../../src/matching';
import { createTestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { testRun } from '../helpers/test-run';

/** Writes a scan of `name` and its active enrolment, with `enrolledAt` as the enrolment's stamp; returns the enrolment id. */
async function insertEnrolment(run: (text: string, values: unknown[]) => Promise<unknown>, owner: { accountId: string; clientId: string }, name: string, enrolledAt: string): Promise<string> {
  const scanId = randomUUID();
  const enrolmentId = randomUUID();
  await run(
    `insert into scans (id, account_id, client_id, entity_type, entity_name, request, response_body, response_sha256, list_versions, risk_level, risk_score, match_count, request_sha256, origin, created_at)
     values ($1, $2, $3, 'person', $4, $5, '{"scan_result":{"matches":[]}}', 'test', '[]', 'low', 0, 0, 'test', 'api', now())`,
    [scanId, owner.accountId, owner.clientId, name, JSON.stringify({ entity_type: 'person', name })],
  );
  await run(
    `insert into monitoring_enrolments (id, account_id, client_id, scan_id, entity_name, entity_type, webhook_url, active, known_matches, last_scan_id, enrolled_at)
     values ($1, $2, $3, $4, $5, 'person', null, true, '[]', $4, ${enrolledAt})`,
    [enrolmentId, owner.accountId, owner.clientId, scanId, name],
  );
  return enrolmentId;
}

/** The enrolments of `index` a listed entity named `name` reaches. */
function reached(index: MatchIndex, name: string): string[] {
  const found = new Set<string>();
  customersReachedBy(index, customerAsEntity({ id: 'listed', name, entity_type: 'person' }), found);
  return [...found];
}

describe('the index of enrolled customers', () => {
  let orm: Orm;
  let owner: { accountId: string; clientId: string };
  /** Each statement its own transaction, committed at once. */
  const committed = async (text: string, values: unknown[]) => {
    const client = new Client({ connectionString: testRun().databaseUrl });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const config = testConfig();
    orm = await openOrm(config.db);
    owner = await createTestClient(orm.em.fork(), config.auth.encryptionKey);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('finds an enrolment whose transaction was open while the base was read, once it commits, and reads nothing twice', async () => {
    const tag = randomUUID().slice(0, 6).replace(/\d/g, 'x');
    const before = await insertEnrolment(committed, owner, `Aurelio ${tag} Basefield`, 'now()');
    const open = new Client({ connectionString: testRun().databaseUrl });
    await open.connect();
    try {
      await open.query('begin');
      // Stamped an hour before the base is read, as a transaction that ran that long would stamp it.
      const late = await insertEnrolment((text, values) => open.query(text, values), owner, `Wilhelmina ${tag} Latecommit`, "now() - interval '1 hour'");

      const index = new CustomerIndex(orm);
      const first = await index.current();
      expect(reached(first.base, `Aurelio ${tag} Basefield`)).toEqual([before]);
      expect(reached(first.base, `Wilhelmina ${tag} Latecommit`)).toEqual([]);
      expect(first.delta.stats.entities).toBe(0);

      await open.query('commit');
      const after = await insertEnrolment(committed, owner, `Ottokar ${tag} Afterbase`, 'now()');
      const second = await index.current();
      expect(reached(second.delta, `Wilhelmina ${tag} Latecommit`)).toEqual([late]);
      expect(reached(second.delta, `Ottokar ${tag} Afterbase`)).toEqual([after]);
      expect(reached(second.delta, `Aurelio ${tag} Basefield`)).toEqual([]);
      expect(second.delta.stats.entities).toBe(2);
    } finally {
      await open.end();
    }
  });
});
