/**
 * `npm run ask:explain -- "question" [--context "..."]`: why the Ask answers a question as it does, for
 * tuning against the tuning and development sets (never the sealed set). Prints the figure kinds read
 * from the question, its weighted lexemes, the passages retrieval ranked (coverage, full-text rank,
 * score) and the answer with its citations, in a fresh bench database.
 */
import { createLogger } from '../src/logger';
import { openOrm } from '../src/db/orm';
import { AskService } from '../src/modules/ask/ask.service';
import { retrieve } from '../src/modules/ask/retrieval';
import { freshBenchConfig } from './support/bench-app';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--context');
  const context = at >= 0 ? (args.splice(at, 2)[1] ?? null) : null;
  const question = args.join(' ');
  if (!question) throw new Error('usage: npm run ask:explain -- "question" [--context "..."]');
  const config = await freshBenchConfig('ask_explain', { ASK_LLM_PROVIDER: 'none' });
  const orm = await openOrm(config.db);
  const request = { question, context, freshness: 'month' as const };
  const retrieval = await retrieve(orm.em.fork(), request);
  say(`figure kinds asked: ${retrieval.figureKinds.join(', ') || '(none)'}; in the background: ${retrieval.backgroundKinds.join(', ') || '(none)'}`);
  say(`boosted domains: ${retrieval.boostedDomains?.join(', ') ?? '(none)'}`);
  say(`lexemes: ${retrieval.lexemes.map((l) => `${l.asksFigure ? '?' : ''}${l.lexeme}:${l.weight.toFixed(2)}${l.alternatives.length ? `[${l.alternatives.map((a) => a.join(' ')).join('|')}]` : ''}`).join(' ')}`);
  for (const p of retrieval.passages.slice(0, Number(process.env.EXPLAIN_TOP ?? 10))) say(`  ${p.score.toFixed(3)}  cov ${p.coverage.toFixed(3)}  rank ${p.rank.toFixed(3)}  ${p.id}`);
  const answer = await new AskService(config.ask, createLogger(config, 'ask-explain')).ask(orm.em.fork(), request);
  say(`answer: ${answer.answer}`);
  say(`cited: ${answer.citations.map((c) => c.url).join(' ') || '(nothing)'}`);
  await orm.close(true);
}

if (require.main === module) {
  void main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  });
}
