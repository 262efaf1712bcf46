/**
 * The migration that made transaction hashes canonical, on a database holding what the old code let
 * through: one transfer used by two jobs under different spellings, and hashes in upper and mixed case.
 * The earliest job keeps the hash (in lower case), the later one keeps it as `reused_payment_tx_hash`
 * (nothing deleted), and the column refuses any non-canonical spelling from then on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ensureDatabase } from '../../src/db/migrate';
import { createOrmOptions } from '../../src/db/mikro-orm.config';
import { testRun } from '../helpers/test-run';

const BEFORE = 'Migration20261126090000-scans-unread-index';

describe('migration: canonical agent-job payment hashes', () => {
  const name = `acp_canon_${randomUUID().replace(/-/g, '')}`;
  const url = new URL(testRun().databaseUrl);
  url.pathname = `/${name}`;
  let orm: MikroORM;
  const query = async <T>(text: string, values: unknown[] = []) => (await orm.em.getConnection().execute(text, values)) as T;

  beforeAll(async () => {
    await ensureDatabase(url.toString());
    orm = await MikroORM.init(createOrmOptions({ url: url.toString(), poolMax: 2 }));
    await orm.getMigrator().up({ to: BEFORE });
  }, 60_000);
  afterAll(async () => {
    await orm?.close(true);
    const admin = new URL(url.toString());
    admin.pathname = '/postgres';
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });

  it('keeps the first job of a reused transfer, moves the later one aside, lower-cases every hash and refuses upper case afterwards', async () => {
    const hex = 'ab'.repeat(31);
    const reused = `0x${hex}CD`;
    const other = `0x${'Ef'.repeat(32)}`;
    const insert = (id: string, hash: string, at: string) =>
      query(
        `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, payment_tx_hash, workflow_id, created_at)
         values (?, 'austrac_eligibility', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'base_sepolia', 40, '{}', 'completed', 'transfer', ?, ?, ?)`,
        [id, hash, `acp-${id}`, at],
      );
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await insert(first, reused.toUpperCase().replace('0X', '0x'), '2026-11-20T10:00:00Z');
    await insert(second, reused.toLowerCase(), '2026-11-20T11:00:00Z'); // the same transfer, accepted again by the old code
    await insert(third, other, '2026-11-20T12:00:00Z');

    await orm.getMigrator().up();

    const rows = await query<{ id: string; payment_tx_hash: string | null; reused_payment_tx_hash: string | null }[]>(`select id, payment_tx_hash, reused_payment_tx_hash from acp_jobs order by created_at`);
    expect(rows).toEqual([
      { id: first, payment_tx_hash: reused.toLowerCase(), reused_payment_tx_hash: null },
      { id: second, payment_tx_hash: null, reused_payment_tx_hash: reused.toLowerCase() },
      { id: third, payment_tx_hash: other.toLowerCase(), reused_payment_tx_hash: null },
    ]);
    await expect(insert(randomUUID(), `0x${'12'.repeat(31)}AB`, '2026-11-21T00:00:00Z')).rejects.toThrow(/acp_jobs_payment_tx_hash_canonical/);
    await expect(insert(randomUUID(), other.toLowerCase(), '2026-11-21T00:00:00Z')).rejects.toThrow(/unique/);
  }, 60_000);
});
