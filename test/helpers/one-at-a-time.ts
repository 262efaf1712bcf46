/**
 * The small serial group among integration files that otherwise run in parallel: files that start
 * whole Node processes of their own (a worker they kill, the admin CLI, one command after another)
 * spend most of their time compiling and starting those processes, so two of them at once on two
 * cores starve each other past their timeouts. Such a file calls `oneAtATime()` at its top: it then
 * waits, before its first hook, until no other such file of the run is running, while the other
 * workers go on with the rest. The turn is a PostgreSQL advisory lock on the run's server, held by
 * its own connection, so it is released even when the worker dies.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { Client } from 'pg';

/** Long enough for every other such file to finish first. */
const WAIT_FOR_TURN_MS = 30 * 60_000;

export function oneAtATime(): void {
  let holder: Client | undefined;
  beforeAll(async () => {
    holder = new Client({ connectionString: `${inject('databaseServerUrl')}/postgres` });
    await holder.connect();
    await holder.query('select pg_advisory_lock(hashtext($1))', [`one-at-a-time:${inject('runId')}`]);
  }, WAIT_FOR_TURN_MS);
  afterAll(async () => {
    await holder?.end();
  });
}
