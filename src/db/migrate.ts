/**
 * `npm run migrate`: creates the database when it does not exist yet, then applies pending migrations.
 * Safe to run on every start; it is what `npm start` runs first.
 */
import { Client } from 'pg';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { loadConfigOrExit, type AppConfig } from '../config';
import { createLogger } from '../logger';
import { createOrmOptions } from './mikro-orm.config';
import { readKnowledgeBase } from '../modules/ask/knowledge-files';
import { syncKnowledgeBase, type SyncResult } from '../modules/ask/knowledge.store';

/** Creates the database named in the URL if missing (connecting to the server's `postgres` database). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Refusing to create a database with an unusual name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}

/**
 * Ensures the database, applies every pending migration as the owner (`ownerUrl` when given: the
 * running service's own role may not change the schema), and syncs the Q&A knowledge base from
 * `knowledge/`; returns the names applied and what the sync changed.
 */
export async function migrate(db: Pick<AppConfig['db'], 'url' | 'poolMax'> & { ownerUrl?: string }): Promise<{ created: boolean; applied: string[]; knowledge: SyncResult }> {
  const url = db.ownerUrl ?? db.url;
  const created = await ensureDatabase(url);
  const orm = await MikroORM.init(createOrmOptions({ url, poolMax: db.poolMax }, { pool: { min: 0, max: 2 } }));
  try {
    const applied = await orm.getMigrator().up();
    // Reference data the repository holds, synced on every migrate like the schema itself.
    const knowledge = await syncKnowledgeBase(orm.em.fork() as EntityManager, readKnowledgeBase());
    return { created, applied: applied.map((m) => m.name), knowledge };
  } finally {
    await orm.close(true);
  }
}

if (require.main === module) {
  void (async () => {
    const config = loadConfigOrExit();
    const log = createLogger(config, 'migrate');
    try {
      const result = await migrate(config.db);
      log.info({ database: new URL(config.db.url).pathname.slice(1), ...result }, 'database migrated');
    } catch (err) {
      log.fatal({ err }, 'migration failed');
      process.exitCode = 1;
    }
  })();
}
