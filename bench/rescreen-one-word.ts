/**
 * `npm run bench:rescreen-one-word`: the one-word check of a release (src/modules/monitoring/
 * thin-customers.ts), in process, on `bench:rescreen`'s population (RESCREEN_CUSTOMERS, default
 * 100,000, generated from the real lists' name pools) and its release of 1,000 changes (800 entities
 * added or changed). Measured, one after the other: checking every one-word customer the scan's way
 * against the changed entities, and checking only those the changed entities' words reach; the customers
 * each finds (the second must find every one the first does), and the time and CPU each takes.
 * No database and no service: the lists are read from the shared data folder.
 */
import { DEFAULT_MATCH_THRESHOLD, MatchIndex } from '../src/matching';
import { REVERSE_MARGIN, thinCustomersMatching } from '../src/modules/monitoring/change-candidates';
import { customerAsEntity } from '../src/modules/monitoring/customer-index';
import type { CustomerRow } from '../src/modules/monitoring/customer-row';
import { ThinCustomers } from '../src/modules/monitoring/thin-customers';
import type { ListedEntity } from '../src/sources/listed-entity';
import { measureMachineLoad } from './support/machine-load';
import { measureNamePools } from './support/name-pools';
import { benchCustomers, releaseVersions } from './support/rescreen-population';
import { loadWatchlists } from './watchlists';

const say = (line: string) => process.stdout.write(`${line}\n`);
const CUSTOMERS = Number(process.env.RESCREEN_CUSTOMERS ?? 100_000);

/** Wall and CPU milliseconds of `work`. */
function timed<T>(work: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

async function main(): Promise<void> {
  const pools = await measureNamePools((await loadWatchlists()).entities);
  const customers = benchCustomers(pools, CUSTOMERS);
  const rows: CustomerRow[] = customers.map((c) => ({ id: c.enrolmentId, name: c.name, entity_type: c.entityType }));
  const { v1, v2 } = releaseVersions(pools, customers);
  const before = new Set(v1.map((t) => t.id));
  // Added (not in v1) or changed (v2 gives them a country): what the release's sweep searches.
  const changed: ListedEntity[] = v2
    .filter((t) => !before.has(t.id) || t.countries !== undefined)
    .map((t) => ({ ...customerAsEntity({ id: t.id, name: t.name, entity_type: t.schema === 'Person' ? 'person' : 'organisation' }), source: 'bench_release' }));

  say(`bench:rescreen-one-word — ${CUSTOMERS.toLocaleString()} customers, ${changed.length} entities added or changed`);
  const load = measureMachineLoad();
  const heap = () => (globalThis.gc?.(), process.memoryUsage().heapUsed);
  const heapBefore = heap();
  const filed = timed(() => ThinCustomers.of(rows));
  const thin = filed.value;
  const heapMb = (heap() - heapBefore) / 2 ** 20;
  say(`  one-word customers: ${thin.size.toLocaleString()} (${((100 * thin.size) / CUSTOMERS).toFixed(1)} %); filing their words: ${filed.ms.toFixed(0)} ms, ${heapMb.toFixed(0)} MB of heap (once per customer index, beside building it)`);

  const every = timed(() => {
    const index = MatchIndex.build(changed);
    const threshold = DEFAULT_MATCH_THRESHOLD - REVERSE_MARGIN;
    return new Set(thin.rows.filter((c) => index.search({ name: c.name, entityType: c.entity_type }, { threshold }).matches.length > 0).map((c) => c.id));
  });
  say(`  checking every one: ${every.value.size.toLocaleString()} matched in ${every.ms.toFixed(0)} ms (${every.cpuMs.toFixed(0)} ms CPU)`);

  const reached = timed(() => {
    const found = new Set<string>();
    thinCustomersMatching(changed, [thin], found);
    return found;
  });
  const missed = [...every.value].filter((id) => !reached.value.has(id)).length;
  say(`  checking those the words reach: ${thin.reachedBy(changed).length.toLocaleString()} reached, ${reached.value.size.toLocaleString()} matched in ${reached.ms.toFixed(0)} ms (${reached.cpuMs.toFixed(0)} ms CPU); missed ${missed}`);
  say(`  ${load()}`);
}

main().catch((err) => {
  process.stderr.write(`bench:rescreen-one-word failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
