/**
 * Matching quality (`npm run eval:matching`): screens every query of the labelled set against DFAT, UN
 * and OFAC at the default threshold and prints precision, recall and F1.
 *
 * Counting, per query: a `match` query is a true positive when one of its expected entities is
 * returned, otherwise a false negative (and also a false positive if something else was returned);
 * a `no_match` query returning anything is a false positive. Figures are reported for the `test`
 * half; the weights in `score-weights.ts` were tuned looking only at the `dev` half (`--split=dev`).
 * `--errors` lists the misses, `--sweep` shows the other thresholds.
 */
import { DEFAULT_MATCH_THRESHOLD, MatchIndex, type MatchResult } from '../src/matching';
import { readLabelledSet, type LabelledQuery } from './labelled-set';
import { loadWatchlists } from './watchlists';

interface Outcome {
  item: LabelledQuery;
  truePositive: boolean;
  falsePositive: boolean;
  result: MatchResult;
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const split = [...args].find((a) => a.startsWith('--split='))?.slice('--split='.length) ?? 'test';
  const items = (await readLabelledSet()).filter((item) => split === 'all' || item.split === split);
  const index = MatchIndex.build((await loadWatchlists()).entities);
  console.log(`labelled set: ${items.length} queries (split ${split}), threshold ${DEFAULT_MATCH_THRESHOLD}`);

  const thresholds = args.has('--sweep') ? [0.7, 0.75, 0.78, 0.8, 0.82, 0.85, 0.9] : [DEFAULT_MATCH_THRESHOLD];
  for (const threshold of thresholds) {
    const outcomes = items.map((item) => screen(index, item, threshold));
    report(`threshold ${threshold}`, outcomes);
    if (threshold !== DEFAULT_MATCH_THRESHOLD) continue;
    const byVariation = new Map<string, Outcome[]>();
    for (const outcome of outcomes) byVariation.set(outcome.item.variation, [...(byVariation.get(outcome.item.variation) ?? []), outcome]);
    for (const [variation, group] of [...byVariation].sort()) {
      const label = group[0]!.item.label;
      const rate = label === 'match' ? group.filter((o) => o.truePositive).length : group.filter((o) => !o.falsePositive).length;
      console.log(`  ${variation.padEnd(20)} ${label === 'match' ? 'recall     ' : 'specificity'} ${(rate / group.length).toFixed(3)} (${group.length})`);
    }
    if (args.has('--errors')) printErrors(outcomes);
  }
}

function screen(index: MatchIndex, item: LabelledQuery, threshold: number): Outcome {
  const result = index.search(item.query, { threshold });
  const returned = new Set(result.matches.map((m) => m.entityId));
  const truePositive = item.label === 'match' && item.expected.some((id) => returned.has(id));
  const falsePositive = !truePositive && result.matches.length > 0;
  return { item, truePositive, falsePositive, result };
}

function report(label: string, outcomes: readonly Outcome[]): void {
  const tp = outcomes.filter((o) => o.truePositive).length;
  const fp = outcomes.filter((o) => o.falsePositive).length;
  const fn = outcomes.filter((o) => o.item.label === 'match' && !o.truePositive).length;
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const extra = outcomes.filter((o) => o.truePositive).map((o) => o.result.matches.length - 1);
  const meanExtra = extra.length === 0 ? 0 : extra.reduce((a, b) => a + b, 0) / extra.length;
  console.log(
    `${label}: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${f1.toFixed(3)} ` +
      `(TP ${tp}, FP ${fp}, FN ${fn}; other entities returned with a true positive: ${meanExtra.toFixed(2)} on average)`,
  );
}

function printErrors(outcomes: readonly Outcome[]): void {
  for (const { item, truePositive, falsePositive, result } of outcomes) {
    if (truePositive || (!falsePositive && item.label === 'no_match')) continue;
    const top = result.matches[0];
    const got = top ? `${top.entityId} "${top.matchedName}" ${top.score} — ${top.explanation.summary}` : 'nothing';
    console.log(`${item.label === 'match' ? 'MISS' : 'FALSE'} [${item.variation}] "${item.query.name}" (from "${item.from ?? ''}") → ${got}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
