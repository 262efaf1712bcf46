/**
 * The resident sets over time and the leak verdict. A Node process's RSS is a sawtooth (the heap grows
 * until a major collection gives memory back), so a line through raw samples says more about where the
 * last collection fell than about a leak. The verdict reads the floor instead: after the warm-up, the
 * lowest sample of each minute, a least-squares line through those (MB per minute) and the growth from
 * the first minute's floor to the last's. A process is flat when either stays under its threshold: a
 * slope alone is noisy over a few minutes, and a percentage alone would let a large process grow many MB.
 */
import { formatTable } from './route-figures';

export interface RssPoint {
  /** Seconds since the load started. */
  atSeconds: number;
  measured: boolean;
  mb: Map<string, number>;
  postgresBackends: number;
}

export interface RssVerdict {
  process: string;
  /** Lowest sample of the first and of the last measured minute. */
  firstMb: number;
  lastMb: number;
  slopeMbPerMinute: number;
  growthPercent: number;
  /** Undefined when the measured part spans under two minutes: one floor has no trend. */
  flat: boolean | undefined;
}

/** Slope of the least-squares line through (x, y), per unit of x. */
export function leastSquaresSlope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - meanX) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - meanX) * (p.y - meanY), 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/** Per process, over the measured samples: slope, growth and whether it stays flat; `informational` columns are left out. */
export function rssVerdicts(points: RssPoint[], limits: { mbPerMinute: number; growthPercent: number }, informational: string[] = []): RssVerdict[] {
  const measured = points.filter((p) => p.measured);
  const names = [...new Set(measured.flatMap((p) => [...p.mb.keys()]))].filter((name) => !informational.includes(name));
  const start = measured[0]?.atSeconds ?? 0;
  return names.map((name) => {
    const floors = new Map<number, { x: number; y: number }>();
    for (const p of measured) {
      const mb = p.mb.get(name);
      if (mb === undefined) continue;
      const minute = Math.floor((p.atSeconds - start) / 60);
      const floor = floors.get(minute);
      if (!floor || mb < floor.y) floors.set(minute, { x: p.atSeconds / 60, y: mb });
    }
    const series = [...floors.values()];
    const firstMb = series[0]?.y ?? 0;
    const lastMb = series.at(-1)?.y ?? 0;
    const slopeMbPerMinute = leastSquaresSlope(series);
    const growthPercent = firstMb > 0 ? (100 * (lastMb - firstMb)) / firstMb : 0;
    return { process: name, firstMb, lastMb, slopeMbPerMinute, growthPercent, flat: series.length < 2 ? undefined : slopeMbPerMinute <= limits.mbPerMinute || growthPercent <= limits.growthPercent };
  });
}

/** The samples as a table: one row per sample, one column per process (MB). */
export function rssTable(points: RssPoint[]): string[] {
  const names = [...new Set(points.flatMap((p) => [...p.mb.keys()]))];
  const rows = points.map((p) => [`${Math.round(p.atSeconds)} s${p.measured ? '' : ' (warm-up)'}`, ...names.map((n) => p.mb.get(n)?.toFixed(1) ?? '-'), String(p.postgresBackends)]);
  return formatTable(['time', ...names.map((n) => `${n} MB`), 'PG backends'], rows);
}

/** One line per process: first and last minute's floor (MB), slope, growth, and `RSS flat: yes/no`. */
export function describeVerdicts(verdicts: RssVerdict[], limits: { mbPerMinute: number; growthPercent: number }): string[] {
  return verdicts.map(
    (v) =>
      `${v.process}: floor ${v.firstMb.toFixed(1)} → ${v.lastMb.toFixed(1)} MB, slope ${v.slopeMbPerMinute.toFixed(2)} MB/min, growth ${v.growthPercent.toFixed(1)}% — RSS flat: ${v.flat === undefined ? 'n/a (under two measured minutes: run longer to judge)' : v.flat ? 'yes' : `NO (slope > ${limits.mbPerMinute} MB/min and growth > ${limits.growthPercent}%)`}`,
  );
}
