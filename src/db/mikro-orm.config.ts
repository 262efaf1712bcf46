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
