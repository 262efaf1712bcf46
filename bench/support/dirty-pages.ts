/**
 * The kernel's dirty page cache over a stretch of a benchmark (/proc/meminfo `Dirty`, Linux). Data
 * written without an fsync collects there and the kernel writes it back in one burst once it is 30 s old
 * (vm.dirty_expire_centisecs); while that burst fills the disk queue, every commit's WAL fsync waits
 * behind it. Reporting the largest drop and when it happened lets a latency spike be matched to it.
 */
import { readFileSync } from 'node:fs';

const SAMPLE_EVERY_MS = 500;

function dirtyMegabytes(): number {
  const line = readFileSync('/proc/meminfo', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Dirty:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
}

/** Starts sampling; `offsetSeconds` is subtracted from the reported times (e.g. a warm-up before the measured part). */
export function watchDirtyPages(offsetSeconds = 0): () => string {
  const started = performance.now();
  let previous = dirtyMegabytes();
  let peak = previous;
  let burst = { megabytes: 0, atSecond: 0 };
  const timer = setInterval(() => {
    const now = dirtyMegabytes();
    peak = Math.max(peak, now);
    if (previous - now > burst.megabytes) burst = { megabytes: previous - now, atSecond: (performance.now() - started) / 1000 - offsetSeconds };
    previous = now;
  }, SAMPLE_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    const when = burst.atSecond >= 0 ? `in second ${Math.floor(burst.atSecond)} of the measured part` : `${Math.round(-burst.atSecond)} s before the measured part`;
    return `kernel dirty page cache peaked at ${Math.round(peak)} MB; largest writeback burst ${Math.round(burst.megabytes)} MB, ${when}`;
  };
}
