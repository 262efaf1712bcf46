/**
 * `npm run bench:sweep`: 10,000 active enrolments re-screened after a list change. The lists (DFAT + UN
 * + OFAC and a small OpenSanctions-format PEP list) are loaded, 10,000 people are scanned and enrolled,
 * then a new version of the PEP list adds 50 of them; the refresh workflow starts the sweep, and we time
 * from the refresh's start to the sweep's completion. Target on this machine: ≤ 60 s.
 */
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { openOrm } from '../src/db/orm';
import { sql } from '../src/db/sql';
import { ScanService } from '../src/modules/screening/scan.service';
import { FullScanRequestSchema } from '../src/modules/screening/scan-request.schema';
import { ScreeningIndex } from '../src/modules/screening/screening-index';
import { SourceFreshness } from '../src/modules/screening/source-freshness';
import { refreshInput } from '../src/temporal/workflow-inputs';
import { monitoringSweepWorkflow } from '../workflows/monitoring-sweep';
import { watchlistRefreshWorkflow } from '../workflows/watchlist-refresh';
import { writeSimpleCsv, type SyntheticTarget } from '../test/helpers/synthetic-lists';
import { benchClient, loadSharedLists } from './support/fixtures';
import { startBenchStack } from './support/stack';
import { madeUpPersonName } from './unlisted-names';
import { SeededRandom } from './seeded-random';

const say = (line: string) => process.stdout.write(`${line}\n`);
const ENROLMENTS = 10_000;
const NEWLY_LISTED = 50;
const SOURCE = 'opensanctions:bench_peps';

async function main(): Promise<void> {
  say(`bench:sweep — ${ENROLMENTS.toLocaleString()} enrolments re-screened after a list change`);
  const random = new SeededRandom(20261120);
  const names = [...new Set(Array.from({ length: ENROLMENTS * 2 }, () => madeUpPersonName(random)))].slice(0, ENROLMENTS);
  const base: SyntheticTarget[] = [{ id: 'P-0', schema: 'Person', name: 'Placeholder Person Zero' }];
  const stack = await startBenchStack('sweep', {}, async (config) => {
    const orm = await openOrm(config.db);
    await loadSharedLists(orm.em.fork(), say);
    const client = await benchClient(orm.em.fork(), config.auth.encryptionKey);
    const index = new ScreeningIndex(orm, pino({ level: 'silent' }));
    await index.rebuild();
    const scans = new ScanService(index, new SourceFreshness(36, []));
    const started = performance.now();
    let done = 0;
    const lane = async () => {
      while (done < names.length) {
        const name = names[done++]!;
        const scan = await scans.create(orm.em.fork(), { owner: client, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
        await sql(orm.em.fork(), `insert into monitoring_enrolments (id, account_id, client_id, scan_id, entity_name, entity_type, active, known_matches, last_scan_id, enrolled_at)
          values (gen_random_uuid(), ?, ?, ?, ?, 'person', true, ?, ?, now())`, [client.accountId, client.clientId, scan.scanId, name, JSON.stringify(scan.response.scan_result.matches.map((m) => m.listed_entity_id)), scan.scanId]);
      }
    };
    await Promise.all(Array.from({ length: 16 }, lane));
    say(`  scanned and enrolled ${names.length.toLocaleString()} people in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await orm.close(true);
  });
  const connection = await Connection.connect({ address: stack.env.TEMPORAL_ADDRESS });
  try {
    const temporal = new Client({ connection });
    const refresh = (targets: SyntheticTarget[], id: string) =>
      temporal.workflow.execute(watchlistRefreshWorkflow, { taskQueue: stack.config.temporal.taskQueue, workflowId: id, args: [refreshInput(stack.config, { source: SOURCE, file: writeSimpleCsv(targets) })] });
    const first = await refresh(base, 'pipeline-bench-v1');
    say(`  version 1 of ${SOURCE} loaded; its sweep (${first.sweep}) found nothing to alert`);
    await temporal.workflow.getHandle(first.sweep!).result();

    const added = names.slice(0, NEWLY_LISTED).map((name, i): SyntheticTarget => ({ id: `P-${i + 1}`, schema: 'Person', name }));
    const started = performance.now();
    const second = await refresh([...base, ...added], 'pipeline-bench-v2');
    const stored = performance.now();
    const totals = await temporal.workflow.getHandle<typeof monitoringSweepWorkflow>(second.sweep!).result();
    const finished = performance.now();
    say(`  new version stored in ${((stored - started) / 1000).toFixed(1)} s; sweep ${second.sweep} re-screened ${totals.processed.toLocaleString()} enrolments in ${totals.pages} pages and raised ${totals.alerts} alerts`);
    const total = (finished - started) / 1000;
    say(`  list change to sweep complete: ${total.toFixed(1)} s (sweep alone ${((finished - stored) / 1000).toFixed(1)} s); target ≤ 60 s ${total <= 60 ? 'met' : 'NOT met'}`);
    if (totals.alerts < NEWLY_LISTED) say(`  WARNING: expected at least ${NEWLY_LISTED} alerts`);
  } finally {
    await connection.close();
    await stack.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:sweep failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
