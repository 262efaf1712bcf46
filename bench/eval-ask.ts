/**
 * `npm run eval:ask`: how well the Q&A finds the right official source and refuses what it should.
 * The question set (`test/fixtures/ask/questions.yaml`) was written as users ask, apart from the
 * passages' wording, with the official page each answer should come from; half of it (`held_out`) was
 * never looked at while the retrieval was tuned. Prints, per half and overall: the hit rate of an
 * expected URL among the citations, in-scope questions refused, refusal accuracy on the out-of-scope
 * controls, the share of answer sentences that are a span of a cited passage, and answer times.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { AskService } from '../src/modules/ask/ask.service';
import { splitSentences } from '../src/modules/ask/extractive-answer';
import { createLogger } from '../src/logger';
import { openOrm } from '../src/db/orm';
import { freshBenchConfig, ms, percentiles } from './support/bench-app';

const QuestionSet = z.object({
  in_scope: z.array(z.object({ question: z.string(), expect: z.array(z.string()).min(1), split: z.enum(['tune', 'held_out']) })),
  out_of_scope: z.array(z.object({ question: z.string(), split: z.enum(['tune', 'held_out']) })),
});

const say = (line: string) => process.stdout.write(`${line}\n`);
const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} % (${n}/${d})`);

async function main(): Promise<void> {
  const set = QuestionSet.parse(parse(readFileSync(join(__dirname, '..', 'test', 'fixtures', 'ask', 'questions.yaml'), 'utf8')));
  const config = await freshBenchConfig('ask', { ASK_LLM_PROVIDER: 'none' });
  const orm = await openOrm(config.db);
  const service = new AskService(config.ask, createLogger(config, 'eval-ask'));
  const bodies = new Map<string, string[]>();
  for (const row of await orm.em.fork().getConnection().execute<{ url: string; body: string }[]>('select url, body from knowledge_passages')) {
    bodies.set(row.url, [...(bodies.get(row.url) ?? []), row.body]);
  }
  say(`knowledge base: ${(await orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from knowledge_passages'))[0]!.n} passages; questions: ${set.in_scope.length} in scope, ${set.out_of_scope.length} out of scope`);
  const times: number[] = [];
  const verbose = process.argv.includes('--verbose');
  const tally = { tune: { hit: 0, n: 0, refused: 0, negRight: 0, negN: 0 }, held_out: { hit: 0, n: 0, refused: 0, negRight: 0, negN: 0 } };
  let sentences = 0;
  let backed = 0;
  const run = async (question: string) => {
    const t = performance.now();
    const answer = await service.ask(orm.em.fork(), { question, context: null, freshness: 'month' });
    times.push(performance.now() - t);
    return answer;
  };
  for (const item of set.in_scope) {
    const answer = await run(item.question);
    const t = tally[item.split];
    t.n++;
    const hit = answer.citations.some((c) => item.expect.includes(c.url));
    if (hit) t.hit++;
    if (answer.citations.length === 0) t.refused++;
    const cited = answer.citations.flatMap((c) => bodies.get(c.url) ?? []);
    for (const sentence of answer.citations.length ? splitSentences(answer.answer) : []) {
      sentences++;
      if (cited.some((b) => b.includes(sentence))) backed++;
    }
    if (verbose && !hit) say(`MISS [${item.split}] ${item.question}\n  expected ${item.expect.join(' ')}\n  cited    ${answer.citations.map((c) => c.url).join(' ') || '(nothing)'}`);
  }
  for (const item of set.out_of_scope) {
    const answer = await run(item.question);
    const t = tally[item.split];
    t.negN++;
    if (answer.citations.length === 0) t.negRight++;
    else if (verbose) say(`ANSWERED [${item.split}] ${item.question}\n  cited ${answer.citations.map((c) => c.url).join(' ')}`);
  }
  for (const split of ['tune', 'held_out'] as const) {
    const t = tally[split];
    say(`${split.padEnd(8)}  expected-source hit rate ${pct(t.hit, t.n)}; in-scope refused ${pct(t.refused, t.n)}; refusal accuracy ${pct(t.negRight, t.negN)}`);
  }
  const all = { hit: tally.tune.hit + tally.held_out.hit, n: tally.tune.n + tally.held_out.n, neg: tally.tune.negRight + tally.held_out.negRight, negN: tally.tune.negN + tally.held_out.negN };
  say(`overall   expected-source hit rate ${pct(all.hit, all.n)}; refusal accuracy ${pct(all.neg, all.negN)}; answer sentences backed by a citation ${pct(backed, sentences)}`);
  const p = percentiles(times);
  say(`answer time (in process, extractive): p50 ${ms(p.p50)}, p95 ${ms(p.p95)}`);
  say(`targets: hit rate >= 0.9, refusal accuracy >= 0.95`);
  await orm.close(true);
}

void main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
