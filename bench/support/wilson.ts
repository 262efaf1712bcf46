/**
 * The Wilson score interval for a proportion: the 95 % range an evaluation's rate is honest to, which
 * stays inside 0–1 and is sensible at small counts and at 0 % or 100 % (where the normal approximation
 * collapses to a zero-width interval and claims a certainty a few dozen questions cannot give).
 */
export interface Proportion {
  k: number;
  n: number;
  rate: number;
  low: number;
  high: number;
}

export function wilson(k: number, n: number, z = 1.959964): Proportion {
  if (n === 0) return { k, n, rate: Number.NaN, low: Number.NaN, high: Number.NaN };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { k, n, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** "91.3 % (95 % CI 85.0–95.1 %, 94/103)", or "n/a" for no trials. */
export function formatProportion(p: Proportion): string {
  if (p.n === 0) return 'n/a';
  const pc = (x: number) => (100 * x).toFixed(1);
  return `${pc(p.rate)} % (95 % CI ${pc(p.low)}–${pc(p.high)} %, ${p.k}/${p.n})`;
}
