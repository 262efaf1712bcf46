/**
 * `npm run setup:temporal`: registers the namespace, our search attributes and the watchlist
 * refresh schedules on the configured Temporal (a cluster or Cloud). `npm start` does this itself; production deploys run it once.
 */
import { Connection } from '@temporalio/client';
import { loadConfigOrExit } from '../../config';
import { createLogger } from '../../logger';
import { temporalConnectionOptions } from '../../temporal/connection-options';
import { prepareTemporal } from './prepare';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config, 'setup-temporal');
  const connection = await Connection.connect(temporalConnectionOptions(config));
  try {
    log.info({ steps: await prepareTemporal(connection, config) }, 'Temporal ready');
  } finally {
    await connection.close();
  }
}

main().catch((err) => {
  process.stderr.write(`Temporal setup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
