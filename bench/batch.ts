/**
 * `npm run bench:batch`: a 100-entity batch from POST to the signed `batch.completed` webhook arriving
 * at a real local HTTPS receiver, through API, Temporal dev server and worker processes, with DFAT + UN +
 * OFAC loaded. Targets: median ≤ 3 s for one batch; 20 batches of 100 submitted at once finish within 30 s.
 */
import { hundredEntities } from '../test/helpers/batch-entities';
import { startHttpsReceiver } from '../test/helpers/https-receiver';
import { percentiles } from './support/bench-app';
import { benchToken, withSharedListsAndClient } from './support/fixtures';
import { startBenchStack } from './support/stack';

const say = (line: string) => process.stdout.write(`${line}\n`);
const SINGLE_RUNS = 7;

async function main(): Promise<void> {
  say('bench:batch — 100-entity batches, POST to webhook received');
  const receiver = await startHttpsReceiver();
  const fixtures = withSharedListsAndClient(say);
  const stack = await startBenchStack('batch', { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_CA_BUNDLE_PATH: receiver.caPath }, fixtures.prepare);
  try {
    const token = await benchToken(stack.url, fixtures.client());
    const entities = hundredEntities([]);
    const arrived = (jobId: string) => receiver.received.some((r) => r.rawBody.includes(jobId));
    const submit = async (): Promise<string> => {
      const res = await fetch(`${stack.url}/v1/scans/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entities, webhook_url: receiver.url }),
      });
      if (res.status !== 202) throw new Error(`batch refused: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { job_id: string }).job_id;
    };
    const waitFor = async (jobIds: string[], timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!jobIds.every(arrived)) {
        if (Date.now() > deadline) throw new Error(`webhooks missing after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    say('  warm-up batch...');
    const warm = await submit();
    await waitFor([warm], 60_000);

    const singles: number[] = [];
    for (let i = 0; i < SINGLE_RUNS; i += 1) {
      const started = performance.now();
      await waitFor([await submit()], 60_000);
      singles.push(performance.now() - started);
    }
    const single = percentiles(singles);
    say(`  one batch of 100, ${SINGLE_RUNS} runs: median ${(single.p50 / 1000).toFixed(2)} s (min ${(Math.min(...singles) / 1000).toFixed(2)} s, max ${(Math.max(...singles) / 1000).toFixed(2)} s); target ≤ 3 s ${single.p50 <= 3000 ? 'met' : 'NOT met'}`);

    const started = performance.now();
    const jobs = await Promise.all(Array.from({ length: 20 }, submit));
    await waitFor(jobs, 120_000);
    const all = (performance.now() - started) / 1000;
    say(`  20 batches of 100 submitted at once: all 20 webhooks received after ${all.toFixed(1)} s (2,000 scans); target ≤ 30 s ${all <= 30 ? 'met' : 'NOT met'}`);
  } finally {
    await stack.stop();
    await receiver.close();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:batch failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
