import { afterAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { testConfig } from '../helpers/test-config';
import { socketDirectory } from '../../bench/support/database-transport';

/**
 * A co-located PostgreSQL is reached over its Unix-domain socket (`?host=/dir` in the URL), which
 * costs both sides less CPU per statement than loopback TCP (docs/performance.md). MikroORM reads host
 * and port from the URL's authority, so the socket must reach it through our options, not be dropped.
 */
describe('a database URL naming a Unix socket directory', () => {
  const config = testConfig();
  let orm: Orm | undefined;
  afterAll(async () => {
    await orm?.close(true);
  });

  it('is what the ORM and the raw pooled connection connect through', async () => {
    const directory = await socketDirectory(config.db.ownerUrl);
    if (directory === null) throw new Error('the test PostgreSQL listens on no Unix socket directory');
    const url = new URL(config.db.url);
    url.hostname = 'localhost';
    url.port = '';
    url.searchParams.set('host', directory);
    orm = await openOrm({ url: url.toString(), poolMax: 2 });
    await orm.connect();
    // Over a Unix socket the server sees no client address.
    const [row] = await sql<{ address: string | null; database: string }[]>(orm.em.fork(), 'select inet_client_addr()::text as address, current_database() as database', []);
    expect(row).toEqual({ address: null, database: url.pathname.slice(1) });
  });
});
