/**
 * Builds the matching evaluation set (`npm run eval:build-set`, fixed seed): real alias pairs and
 * cross-script pairs as the lists publish them, real names of many cultures nobody listed, and the
 * hard negatives screeners report, built from real names. Nothing here imports the matcher
 * (`src/matching`): which names count as the same or as namesakes is decided by `plain-name.ts`.
 * See test/fixtures/matching/README.md for what each group is.
 */
import { writeFile } from 'node:fs/promises';
import { SeededRandom } from '../seeded-random';
import { loadWatchlists } from '../watchlists';
import type { EvalItem } from './eval-item';
import { EVAL_SET_PATH, type EvalQuery } from './eval-query';
import { hardNegatives } from './hard-negatives';
import { ListedNameSets } from './listed-name-sets';
import { stableHash } from './plain-name';
import { publishedPositives } from './published-positives';
import { openSanctionsRecords, recordOfListed, ukRecords } from './published-records';
import { clusterRecords } from './record-clusters';
import { everyPoliticianNames, registerOrganisations, registerPeople, termPoliticians } from './real-name-sources';
import { markPepNamesakes, pepPositives, realNameNegatives } from './real-name-negatives';

const SEED = 20261126;
/** Latin alias positives kept per publishing list, and at most this many per cluster. */
const LATIN_ALIASES_PER_PUBLISHER = 700;
const PER_CLUSTER = 3;
const ORGANISATION_NEGATIVES = 900;

async function main(): Promise<void> {
  const random = new SeededRandom(SEED);
  const { entities } = await loadWatchlists();
  const records = [...entities.map(recordOfListed), ...(await ukRecords()), ...(await openSanctionsRecords())];
  const clusters = clusterRecords(records);
  const listed = new ListedNameSets(records);

  const positives = samplePositives(publishedPositives(clusters), random);
  const people = await registerPeople();
  const organisations = await registerOrganisations();
  const politicians = await everyPoliticianNames();
  const negatives = [
    ...realNameNegatives(people, organisations, politicians, listed, random, ORGANISATION_NEGATIVES),
    ...hardNegatives({ clusters, people: [...people, ...politicians], organisations, listed, random }),
  ];
  markPepNamesakes(negatives, politicians);
  const items = [...positives, ...negatives, ...pepPositives(politicians, await termPoliticians())];

  const lines = random.shuffled(items).map((item, at) => {
    const { splitKey, kind: _kind, ...rest } = item;
    const query: EvalQuery = { id: `e${String(at + 1).padStart(5, '0')}`, split: splitOf(splitKey), ...rest };
    return JSON.stringify(query);
  });
  await writeFile(EVAL_SET_PATH, `${lines.join('\n')}\n`);
  console.log(`${EVAL_SET_PATH}: ${lines.length} queries from ${clusters.length} clusters of ${records.length} published records`);
  const counts = new Map<string, number>();
  for (const item of items) counts.set(`${item.label} ${item.group} ${item.script}`, (counts.get(`${item.label} ${item.group} ${item.script}`) ?? 0) + 1);
  for (const [key, count] of [...counts].sort()) console.log(`  ${key.padEnd(48)} ${count}`);
}

/**
 * All cross-script positives; Latin alias positives at most `PER_CLUSTER` per cluster and
 * `LATIN_ALIASES_PER_PUBLISHER` per publishing list, drawn with the seed.
 */
function samplePositives(all: readonly EvalItem[], random: SeededRandom): EvalItem[] {
  const kept: EvalItem[] = [];
  const perCluster = new Map<string, number>();
  const perPublisher = new Map<string, number>();
  for (const item of random.shuffled(all)) {
    if (item.script !== 'latin') {
      kept.push(item);
      continue;
    }
    if ((perCluster.get(item.splitKey) ?? 0) >= PER_CLUSTER || (perPublisher.get(item.group) ?? 0) >= LATIN_ALIASES_PER_PUBLISHER) continue;
    perCluster.set(item.splitKey, (perCluster.get(item.splitKey) ?? 0) + 1);
    perPublisher.set(item.group, (perPublisher.get(item.group) ?? 0) + 1);
    kept.push(item);
  }
  return kept;
}

/** Half for tuning, half held out, by a hash of the person or organisation: their variants never straddle. */
function splitOf(splitKey: string): 'dev' | 'test' {
  return stableHash(`eval-set|${splitKey}`) % 2 === 0 ? 'dev' : 'test';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
