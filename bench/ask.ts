/**
 * `npm run bench:ask`: the answer time of `POST /v1/ask` in extractive mode, over HTTP on one API
 * instance with a fresh database holding the knowledge base. Questions come from the kept question
 * set (in scope and out of scope), asked one after another in rounds. Target: median ≤ 50 ms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { startTestApp } from '../test/helpers/test-app';
import { freshBenchConfig, ms, percentiles } from './support/bench-app';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const set = parse(readFileSync(join(__dirname, '..', 'test', 'fixtures', 'ask', 'questions.yaml'), 'utf8')) as { in_scope: { question: string }[]; out_of_scope: { question: string }[] };
  const questions = [...set.in_scope, ...set.out_of_scope].map((q) => q.question);
  const config = await freshBenchConfig('ask', { ASK_LLM_PROVIDER: 'none', RATE_LIMIT_ASK_PER_MINUTE: '1000000' });
  const app = await startTestApp(config);
  try {
    const ask = async (question: string) => {
      const t = performance.now();
      const res = await fetch(`${app.url}/v1/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ question }) });
      if (res.status !== 200) throw new Error(`ask answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    for (const q of questions.slice(0, 20)) await ask(q); // warm
    const samples: number[] = [];
    for (let round = 0; round < rounds; round++) for (const q of questions) samples.push(await ask(q));
    const p = percentiles(samples);
    say(`POST /v1/ask (extractive), ${samples.length} sequential requests over ${questions.length} questions: p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, p99 ${ms(p.p99)} (target: median <= 50 ms)`);
  } finally {
    await app.close();
  }
}

void main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
