/**
 * The small group among integration files that otherwise run in parallel without limit: files that
 * start whole Node processes of their own (a worker they kill, one command after another) spend their
 * time starting those processes and waiting for Temporal to notice a killed worker. More than two of
 * them at once on two cores starve each other's process starts past their timeouts; two overlap one's
 * waiting with the other's work. Such a file calls `takeProcessTurn()` at its top: before its first hook it
 * waits for one of the run's `PROCESS_FILES_AT_ONCE` turns, while the other workers go on with the
 * rest. A turn is a PostgreSQL advisory lock on the run's server, held by the file's own connection, so
 * it is released even when the worker dies.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { Client } from 'pg';

/** Long enough for every other such file to finish first. */
const WAIT_FOR_TURN_MS = 30 * 60_000;
/** How many such files run at once (1 runs them one after another, to compare). */
const PROCESS_FILES_AT_ONCE = Number(process.env.TEST_PROCESS_FILES_AT_ONCE ?? 2);
const POLL_MS = 250;

/** Takes the first free turn, polling until one is free. */
async function takeTurn(holder: Client, runId: string): Promise<void> {
  for (;;) {
    for (let turn = 0; turn < PROCESS_FILES_AT_ONCE; turn += 1) {
      const { rows } = await holder.query<{ taken: boolean }>('select pg_try_advisory_lock(hashtext($1)) as taken', [`process-turn:${runId}:${turn}`]);
      if (rows[0]!.taken) return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function takeProcessTurn(): void {
  let holder: Client | undefined;
  beforeAll(async () => {
    holder = new Client({ connectionString: `${inject('databaseServerUrl')}/postgres` });
    await holder.connect();
    await takeTurn(holder, inject('runId'));
  }, WAIT_FOR_TURN_MS);
  afterAll(async () => {
    await holder?.end();
  });
}
