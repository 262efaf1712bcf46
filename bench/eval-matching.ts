/**
 * Matching quality (`npm run eval:matching`): screens every query of the evaluation set
 * (test/fixtures/matching/eval-set.jsonl, built by `npm run eval:build-set` from sources independent
 * of the matcher; see the README beside it) against DFAT, UN and OFAC at the default threshold, and
 * prints recall, false-positive rate and precision overall, per group and per script, against the
 * targets (recall ≥ 0.99, false-positive rate ≤ 0.5 % on the held-out half).
 *
 * A `match` query counts as found when one of its expected entities is returned; returning an
 * `acceptable` entity (the same person on the list that published the query verbatim) is neither a
 * find nor a false alert. A `no_match` query returning anything is a false positive.
 *
 * Options: `--split=dev|test|all` (default `test`, the held-out half; tune only on `dev`),
 * `--with-pep` (also index the EveryPolitician PEP list by its Latin names and evaluate the
 * parliamentarians' labels in other scripts as positives), `--errors` (list misses and false alerts,
 * each miss with how close its expected entity came),
 * `--sweep` (other thresholds).
 */
import { DEFAULT_MATCH_THRESHOLD, MatchIndex } from '../src/matching';
import type { ListedEntity } from '../src/sources/listed-entity';
import { parseListFile } from '../src/sources/registry';
import { figureLine, figuresBy, figuresOf, outcomeOf, targetLines, type EvalOutcome } from './eval-set/eval-figures';
import { readEvalSet, type EvalQuery } from './eval-set/eval-query';
import { everyPoliticianFolder } from './eval-set/real-name-sources';
import { loadWatchlists } from './watchlists';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.includes(`--${name}`);
  const split = args.find((a) => a.startsWith('--split='))?.slice('--split='.length) ?? 'test';
  if (!['dev', 'test', 'all'].includes(split)) throw new Error(`--split must be dev, test or all, not ${split}`);
  const withPep = flag('with-pep');

  const entities = (await loadWatchlists()).entities;
  if (withPep) entities.push(...(await pepEntitiesByLatinNames()));
  const index = MatchIndex.build(entities);
  const items = (await readEvalSet()).filter((item) => (split === 'all' || item.split === split) && applies(item, withPep));
  const positives = items.filter((i) => i.label === 'match').length;
  console.log(
    `evaluation set: ${items.length} queries (${positives} match, ${items.length - positives} no_match), split ${split}` +
      `${split === 'test' ? ' (held out)' : ''}, index ${withPep ? 'DFAT+UN+OFAC+EveryPolitician' : 'DFAT+UN+OFAC'}, threshold ${DEFAULT_MATCH_THRESHOLD}`,
  );

  const thresholds = flag('sweep') ? [0.7, 0.75, 0.78, 0.8, 0.82, 0.85, 0.9] : [DEFAULT_MATCH_THRESHOLD];
  for (const threshold of thresholds) {
    const outcomes = items.map((item) => outcomeOf(item, index.search(item.query, { threshold }).matches.map((m) => m.entityId)));
    console.log(`\nthreshold ${threshold}`);
    console.log(figureLine('all', figuresOf(outcomes)));
    if (threshold !== DEFAULT_MATCH_THRESHOLD) continue;
    console.log('\nper group:');
    for (const [group, figures] of figuresBy(outcomes, (i) => `${i.label === 'match' ? '+' : '-'} ${i.group}`)) console.log(figureLine(group, figures));
    console.log('\nper script:');
    for (const [script, figures] of figuresBy(outcomes, (i) => i.script)) console.log(figureLine(script, figures));
    console.log(`\ntargets (${split === 'test' ? 'held-out half' : `${split} half: report the held-out test half`}):`);
    for (const line of targetLines(figuresOf(outcomes))) console.log(line);
    if (flag('errors')) printErrors(outcomes, index);
  }
}

/** Items whose label holds for the index being evaluated (see `IndexScope`). */
function applies(item: EvalQuery, withPep: boolean): boolean {
  if (item.scope === 'with_pep') return withPep;
  if (item.scope === 'without_pep') return !withPep;
  return true;
}

/**
 * The EveryPolitician parliamentarians with only their Latin names, so that their labels in other
 * scripts (the `pep_cross_script` queries) are not indexed verbatim.
 */
async function pepEntitiesByLatinNames(): Promise<ListedEntity[]> {
  const entities: ListedEntity[] = [];
  for await (const event of parseListFile({ source: 'everypolitician', path: everyPoliticianFolder() })) {
    if ('entity' in event) entities.push({ ...event.entity, aliases: event.entity.aliases.filter((a) => a.script === 'latin') });
  }
  return entities;
}

function printErrors(outcomes: readonly EvalOutcome[], index: MatchIndex): void {
  console.log('\nerrors (MISS: expected entity not returned; FALSE: alert on another entity):');
  for (const { item, found, falseAlert } of outcomes) {
    if (found || (!falseAlert && item.label === 'no_match')) continue;
    if (item.label === 'match' && found) continue;
    const top = index.search(item.query).matches.find((m) => !item.acceptable.includes(m.entityId));
    const got = top ? `${top.entityId} "${top.matchedName}" ${top.score} — ${top.explanation.summary}` : 'nothing';
    const kind = item.label === 'match' ? 'MISS ' : 'FALSE';
    console.log(`${kind} [${item.group}/${item.script}] "${item.query.name}" (${item.query.entityType}; expected ${item.expected.join(',') || '-'}; ${item.from}) → ${got}`);
    if (item.label === 'match') console.log(`      expected at best: ${expectedAtBest(item, index)}`);
  }
}

/** How close a missed item's expected entity came (searched down to `NEAR_MISS_FLOOR`), and why. */
function expectedAtBest(item: EvalQuery, index: MatchIndex): string {
  const match = index.search(item.query, { threshold: NEAR_MISS_FLOOR }).matches.find((m) => item.expected.includes(m.entityId));
  return match ? `${match.entityId} "${match.matchedName}" ${match.score} — ${match.explanation.summary}` : `below ${NEAR_MISS_FLOOR}`;
}

const NEAR_MISS_FLOOR = 0.3;

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
