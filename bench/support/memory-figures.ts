/**
 * Memory figures of the benchmark process: the resident set at its peak (what the kernel had to find)
 * and after a full garbage collection (what the process keeps holding), and the V8 heap and the typed
 * arrays' backing stores apart, so a change to the index shows where the bytes went. A full
 * collection needs `--expose-gc` (the `bench:matching` script passes it); without it the figures are
 * taken as they stand and say so.
 */
export interface MemoryFigures {
  rssMb: number;
  peakRssMb: number;
  heapMb: number;
  /** Backing stores of typed arrays and buffers (outside the V8 heap). */
  arrayBuffersMb: number;
  collected: boolean;
}

/** Collects garbage (when the runtime allows it) and reads the process's memory. */
export function memoryAfterCollection(): MemoryFigures {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    // Two passes: the first may only queue finalisers and weak callbacks that free more on the second.
    gc();
    gc();
  }
  const usage = process.memoryUsage();
  return {
    rssMb: usage.rss / MB,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    heapMb: usage.heapUsed / MB,
    arrayBuffersMb: usage.arrayBuffers / MB,
    collected: gc !== undefined,
  };
}

/** One line: RSS, peak, heap and array buffers, in MB. */
export function describeMemory(label: string, m: MemoryFigures): string {
  const when = m.collected ? 'after GC' : 'no GC (run with --expose-gc)';
  return `${label}: RSS ${m.rssMb.toFixed(0)} MB ${when} (heap ${m.heapMb.toFixed(0)} MB, array buffers ${m.arrayBuffersMb.toFixed(0)} MB); peak RSS so far ${m.peakRssMb.toFixed(0)} MB`;
}

const MB = 1024 * 1024;
