import type { EvalQuery } from './eval-query';

/** What one query got: the entities returned, and how that counts. */
export interface EvalOutcome {
  item: EvalQuery;
  returned: string[];
  /** A `match` query that returned one of its expected entities. */
  found: boolean;
  /**
   * A `no_match` query that returned anything, or a `match` query that did not find its entity and
   * returned something that is neither expected nor acceptable (another person).
   */
  falseAlert: boolean;
}

export const TARGET_RECALL = 0.99;
export const TARGET_FALSE_POSITIVE_RATE = 0.005;

/** Counts one screening of one query. */
export function outcomeOf(item: EvalQuery, returned: readonly string[]): EvalOutcome {
  const expected = new Set(item.expected);
  const acceptable = new Set(item.acceptable);
  const found = item.label === 'match' && returned.some((id) => expected.has(id));
  const falseAlert = !found && returned.some((id) => !expected.has(id) && !acceptable.has(id));
  return { item, returned: [...returned], found, falseAlert };
}

export interface Figures {
  positives: number;
  negatives: number;
  found: number;
  /** Negatives that returned anything. */
  negativeAlerts: number;
  /** Queries (of both labels) that raised an alert on the wrong entity. */
  falseAlerts: number;
  recall: number;
  falsePositiveRate: number;
  /** found / (found + false alerts): of the alerts raised, the share that were the right entity. */
  precision: number;
}

export function figuresOf(outcomes: readonly EvalOutcome[]): Figures {
  const positives = outcomes.filter((o) => o.item.label === 'match');
  const negatives = outcomes.filter((o) => o.item.label === 'no_match');
  const found = positives.filter((o) => o.found).length;
  const negativeAlerts = negatives.filter((o) => o.falseAlert).length;
  const falseAlerts = outcomes.filter((o) => o.falseAlert).length;
  return {
    positives: positives.length,
    negatives: negatives.length,
    found,
    negativeAlerts,
    falseAlerts,
    recall: positives.length === 0 ? Number.NaN : found / positives.length,
    falsePositiveRate: negatives.length === 0 ? Number.NaN : negativeAlerts / negatives.length,
    precision: found + falseAlerts === 0 ? Number.NaN : found / (found + falseAlerts),
  };
}

const rate = (value: number) => (Number.isNaN(value) ? '    -' : value.toFixed(3));
const percent = (value: number) => (Number.isNaN(value) ? '     -' : `${(value * 100).toFixed(2)}%`);

/** One line of a table: the figures of a group, a script, or everything. */
export function figureLine(label: string, figures: Figures): string {
  return (
    `  ${label.padEnd(26)} recall ${rate(figures.recall)} (${figures.found}/${figures.positives})`.padEnd(58) +
    `FPR ${percent(figures.falsePositiveRate)} (${figures.negativeAlerts}/${figures.negatives})`.padEnd(24) +
    `precision ${rate(figures.precision)}`
  );
}

/** Figures per value of `keyOf`, sorted by that value. */
export function figuresBy(outcomes: readonly EvalOutcome[], keyOf: (item: EvalQuery) => string): Array<[string, Figures]> {
  const groups = new Map<string, EvalOutcome[]>();
  for (const outcome of outcomes) {
    const key = keyOf(outcome.item);
    const list = groups.get(key);
    if (list) list.push(outcome);
    else groups.set(key, [outcome]);
  }
  return [...groups].sort((a, b) => a[0].localeCompare(b[0])).map(([key, list]) => [key, figuresOf(list)]);
}

/** Whether the held-out figures meet the targets, as printed lines. */
export function targetLines(figures: Figures): string[] {
  const recallMet = figures.recall >= TARGET_RECALL;
  const fprMet = figures.falsePositiveRate <= TARGET_FALSE_POSITIVE_RATE;
  return [
    `  recall ≥ ${TARGET_RECALL}: ${rate(figures.recall)} — ${recallMet ? 'met' : 'NOT met'}`,
    `  false-positive rate ≤ ${TARGET_FALSE_POSITIVE_RATE * 100}% on negatives: ${percent(figures.falsePositiveRate)} — ${fprMet ? 'met' : 'NOT met'}`,
  ];
}
