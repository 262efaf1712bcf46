/**
 * MikroORM configuration. The schema changes only through migrations (never auto-update), and each
 * HTTP request and each activity call works in its own fork of the entity manager.
 */
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { AppConfig } from '../config';
import { entities } from './entities';
import { migrationsList } from './migrations';

/** ORM options for a database URL; `overrides` lets tests and tools point elsewhere. */
export function createOrmOptions(db: Pick<AppConfig['db'], 'url' | 'poolMax'>, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl: db.url,
    ...unixSocketOf(db.url),
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: db.poolMax, acquireTimeoutMillis: 3_000 },
    // A dead database must fail a request quickly, so /health can answer 503 instead of hanging.
    driverOptions: { connection: { connectionTimeoutMillis: 3_000 } },
    discovery: { warnWhenNoEntities: false },
    ensureDatabase: false,
    allowGlobalContext: false,
    debug: false,
    ...overrides,
  });
}

/**
 * A URL naming a Unix-domain socket directory (`postgres://user@localhost/db?host=/var/run/postgresql`,
 * as libpq and `pg` read it): MikroORM takes host and port from the URL's authority and drops that
 * parameter, so they are set from it here. Port 5432 names the socket file unless the URL gives one.
 */
function unixSocketOf(url: string): { host: string; port: number } | Record<string, never> {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  if (host === null || !host.startsWith('/')) return {};
  return { host, port: parsed.port ? Number(parsed.port) : 5432 };
}
