/**
 * Batches of 100 submitted through the API while a benchmark measures something else, so the worker
 * screens beside it as it would in production (`bench:scans --with-batches N`): what the worker's own
 * CPU does to the API's tail, and how long the batches take while the API is busy.
 */
import { hundredEntities } from '../../test/helpers/batch-entities';

export interface BackgroundBatches {
  /** Seconds from submission until the last batch reported `completed` (polled from the start, every 200 ms). */
  finished: Promise<number>;
}

/** Submits `count` batches of 100 entities at once (no webhook) and starts watching them finish. */
export async function submitBatches(url: string, token: string, count: number, timeoutMs = 300_000): Promise<BackgroundBatches> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const body = JSON.stringify({ entities: hundredEntities([]) });
  const started = performance.now();
  const ids = await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${url}/v1/scans/batch`, { method: 'POST', headers, body });
      if (res.status !== 202) throw new Error(`batch refused: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { job_id: string }).job_id;
    }),
  );
  const completed = async (id: string) => ((await (await fetch(`${url}/v1/scans/batch/${id}`, { headers })).json()) as { status: string }).status === 'completed';
  const watch = async () => {
    const deadline = Date.now() + timeoutMs;
    let open = ids;
    while (open.length > 0) {
      if (Date.now() > deadline) throw new Error(`${open.length} of ${count} batches still open after ${timeoutMs} ms`);
      const done = await Promise.all(open.map(completed));
      open = open.filter((_, i) => !done[i]);
      if (open.length > 0) await new Promise((r) => setTimeout(r, 200));
    }
    return (performance.now() - started) / 1000;
  };
  const finished = watch();
  finished.catch(() => {}); // read once the measurement ends; a failure surfaces there, not as an unhandled rejection
  return { finished };
}
