/**
 * `npm run eval:ask`: how well the Q&A answers and refuses, on two question sets.
 *
 * - The existing set (`test/fixtures/ask/questions.yaml`) is the tuning set: written as users ask, with
 *   the official page each answer should come from and, for a question with a figure, date or term for
 *   an answer, the facts a right answer states. Both of its old halves were looked at while tuning, so
 *   it is reported as one set. `--errors` prints its misses (with the answer when a fact is missing),
 *   to tune against.
 * - The sealed set (`test/fixtures/ask/sealed-questions.yaml`) was written before issue 48 changed the
 *   engine and is never tuned against: besides the expected pages it holds the facts (figure, date or
 *   term) a right answer states. Only its totals are printed, never which question failed, whatever
 *   the flags. `--tuning-only` skips it, for the runs made while tuning: each reading of the sealed
 *   figure is a glance at it, so it is read rarely (docs/ask.md records when).
 *
 * - The development sets (`test/fixtures/ask/dev-questions.yaml`, `dev2-…`, `dev3-…`, the sealed
 *   set's shape) were each written when the sets before them had been tuned on, to see how the engine
 *   does on questions it was not tuned on and to tune against next: their misses are printed with
 *   `--errors` like the tuning set's. A set's first reading, before any change was chosen on it, is the
 *   fresh estimate docs/ask.md quotes.
 *
 * Every rate is printed with its 95 % Wilson interval: expected-source hit rate, expected-fact accuracy
 * (over the questions that have expected facts), in-scope questions refused, refusal accuracy, and the share of answer sentences that
 * are a span of a cited passage; then answer times.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { AskService, type AskResponse } from '../src/modules/ask/ask.service';
import { splitSentences } from '../src/modules/ask/extractive-answer';
import { createLogger } from '../src/logger';
import { openOrm } from '../src/db/orm';
import { freshBenchConfig, ms, percentiles } from './support/bench-app';
import { formatProportion, wilson } from './support/wilson';

const FIXTURES = join(__dirname, '..', 'test', 'fixtures', 'ask');
/** The development sets, oldest first: each was written when the sets before it had been tuned on. */
const DEVELOPMENT_SETS = ['dev-questions.yaml', 'dev2-questions.yaml', 'dev3-questions.yaml'];

const ExistingSet = z.object({
  in_scope: z.array(
    z.object({
      question: z.string(),
      context: z.string().optional(),
      expect: z.array(z.string()).min(1),
      facts: z.array(z.array(z.string()).min(1)).min(1).optional(),
      split: z.enum(['tune', 'held_out']),
    }),
  ),
  out_of_scope: z.array(z.object({ question: z.string(), context: z.string().optional(), split: z.enum(['tune', 'held_out']) })),
});

/** The sealed and development sets' shape: answerable questions with expected facts, and refusals. */
const FactSet = z.object({
  answerable: z.array(z.object({ question: z.string(), context: z.string().optional(), expect: z.array(z.string()).min(1), facts: z.array(z.array(z.string()).min(1)).min(1) })),
  should_refuse: z.array(z.object({ question: z.string(), context: z.string().optional() })),
});

interface Answerable {
  question: string;
  context: string | null;
  expect: string[];
  facts: string[][] | null;
}

interface Tally {
  hit: number;
  factRight: number;
  factN: number;
  n: number;
  refused: number;
  negRight: number;
  negN: number;
  sentences: number;
  backed: number;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const normalised = (text: string) => text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ');

/** True when the answer states every expected fact (one of each fact's alternatives). */
export function statesFacts(answer: string, facts: string[][]): boolean {
  const text = normalised(answer);
  return facts.every((alternatives) => alternatives.some((alt) => text.includes(normalised(alt))));
}

async function main(): Promise<void> {
  const existing = ExistingSet.parse(parse(readFileSync(join(FIXTURES, 'questions.yaml'), 'utf8')));
  const sealed = FactSet.parse(parse(readFileSync(join(FIXTURES, 'sealed-questions.yaml'), 'utf8')));
  const developmentSets = DEVELOPMENT_SETS.map((file) => ({ file, set: FactSet.parse(parse(readFileSync(join(FIXTURES, file), 'utf8'))) }));
  const showErrors = process.argv.includes('--errors') || process.argv.includes('--verbose');
  const tuningOnly = process.argv.includes('--tuning-only');
  const config = await freshBenchConfig('ask', { ASK_LLM_PROVIDER: 'none' });
  const orm = await openOrm(config.db);
  const service = new AskService(config.ask, createLogger(config, 'eval-ask'));
  const db = orm.em.fork().getConnection();
  const bodies = new Map<string, string[]>();
  for (const row of await db.execute<{ url: string; body: string }[]>('select url, body from knowledge_passages')) bodies.set(row.url, [...(bodies.get(row.url) ?? []), row.body]);
  say(`knowledge base: ${(await db.execute<{ n: number }[]>('select count(*)::int as n from knowledge_passages'))[0]!.n} passages`);
  say(`existing set (tuning): ${existing.in_scope.length} in scope, ${existing.out_of_scope.length} out of scope; ${developmentSets.map(({ file, set }) => `${file}: ${set.answerable.length} answerable, ${set.should_refuse.length} should refuse`).join('; ')}; sealed set: ${sealed.answerable.length} answerable, ${sealed.should_refuse.length} should refuse`);

  const times: number[] = [];
  const run = async (question: string, context: string | null): Promise<AskResponse> => {
    const t = performance.now();
    const answer = await service.ask(orm.em.fork(), { question, context, freshness: 'month' });
    times.push(performance.now() - t);
    return answer;
  };

  const evaluate = async (answerable: Answerable[], refusals: { question: string; context: string | null }[], printErrors: boolean): Promise<Tally> => {
    const t: Tally = { hit: 0, factRight: 0, factN: 0, n: 0, refused: 0, negRight: 0, negN: 0, sentences: 0, backed: 0 };
    for (const item of answerable) {
      const answer = await run(item.question, item.context);
      t.n++;
      const hit = answer.citations.some((c) => item.expect.includes(c.url));
      if (hit) t.hit++;
      if (answer.citations.length === 0) t.refused++;
      let factsStated = true;
      if (item.facts) {
        t.factN++;
        factsStated = answer.citations.length > 0 && statesFacts(answer.answer, item.facts);
        if (factsStated) t.factRight++;
      }
      const cited = answer.citations.flatMap((c) => bodies.get(c.url) ?? []);
      for (const sentence of answer.citations.length ? splitSentences(answer.answer) : []) {
        t.sentences++;
        if (cited.some((b) => b.includes(sentence))) t.backed++;
      }
      if (printErrors && (!hit || !factsStated)) {
        say(`MISS ${item.question}\n  expected ${item.expect.join(' ')}\n  cited    ${answer.citations.map((c) => c.url).join(' ') || '(nothing)'}`);
        if (!factsStated) say(`  facts    ${item.facts!.map((f) => f.join(' | ')).join('; ')}\n  answer   ${answer.answer}`);
      }
    }
    for (const item of refusals) {
      const answer = await run(item.question, item.context);
      t.negN++;
      if (answer.citations.length === 0) t.negRight++;
      else if (printErrors) say(`ANSWERED ${item.question}\n  cited ${answer.citations.map((c) => c.url).join(' ')}`);
    }
    return t;
  };

  const existingTally = await evaluate(
    existing.in_scope.map((q) => ({ question: q.question, context: q.context ?? null, expect: q.expect, facts: q.facts ?? null })),
    existing.out_of_scope.map((q) => ({ question: q.question, context: q.context ?? null })),
    showErrors,
  );
  const evaluateFactSet = (set: z.infer<typeof FactSet>, printErrors: boolean) =>
    evaluate(
      set.answerable.map((q) => ({ question: q.question, context: q.context ?? null, expect: q.expect, facts: q.facts })),
      set.should_refuse.map((q) => ({ question: q.question, context: q.context ?? null })),
      printErrors,
    );
  const developmentTallies: [string, Tally][] = [];
  for (const { file, set } of developmentSets) developmentTallies.push([`development set ${file}`, await evaluateFactSet(set, showErrors)]);
  // The sealed set's individual results are never printed: printErrors is false whatever the flags.
  const sealedTally = tuningOnly ? null : await evaluateFactSet(sealed, false);

  const halves: [string, Tally][] = [['existing set (tuning)', existingTally], ...developmentTallies];
  if (sealedTally) halves.push(['sealed set', sealedTally]);
  for (const [name, t] of halves) {
    say(`${name}:`);
    say(`  expected-source hit rate  ${formatProportion(wilson(t.hit, t.n))}`);
    if (t.factN) say(`  expected-fact accuracy    ${formatProportion(wilson(t.factRight, t.factN))}`);
    say(`  in-scope refused          ${formatProportion(wilson(t.refused, t.n))}`);
    say(`  refusal accuracy          ${formatProportion(wilson(t.negRight, t.negN))}`);
    say(`  answer sentences backed   ${formatProportion(wilson(t.backed, t.sentences))}`);
  }
  const p = percentiles(times);
  say(`answer time (in process, extractive): p50 ${ms(p.p50)}, p95 ${ms(p.p95)}`);
  say('targets (sealed set): expected-fact accuracy >= 90 %, refusal accuracy >= 95 %');
  await orm.close(true);
}

if (require.main === module) {
  void main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  });
}
