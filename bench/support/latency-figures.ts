/** Percentiles and target verdicts as the matching benchmark prints them. */

/** p50, p95, p99 and max of the samples. */
export function percentiles(samples: Float64Array): [number, number, number, number] {
  const sorted = Float64Array.from(samples).sort();
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  return [at(0.5), at(0.95), at(0.99), sorted[sorted.length - 1] ?? 0];
}

export function ms(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`;
}

/** `met: …` or `MISSED: …`, so a run's verdicts can be read (and grepped) at a glance. */
export function check(label: string, met: boolean, detail: string): string {
  return `${met ? 'met' : 'MISSED'}: ${label} ${detail}`;
}
