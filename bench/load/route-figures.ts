/**
 * What the mixed load saw, per route: latencies of the measured part (from each request's due time),
 * answers by status in the warm-up and the measured part, and transport errors (no answer at all).
 * A 5xx in the warm-up counts as much as one later: the service must never answer one.
 */
import { percentile } from '../support/paced-load';

export interface RouteTally {
  route: string;
  /** Measured requests with any answer or none. */
  sent: number;
  latenciesMs: number[];
  /** Answers by status code, measured part. */
  statuses: Map<number, number>;
  transportErrors: number;
  /** 5xx answers and transport errors in the warm-up (not in the latency figures, but never acceptable). */
  warmupFailures: number;
}

export class RouteFigures {
  private readonly tallies = new Map<string, RouteTally>();
  /** The first few 5xx answers, with their bodies, to print loudly. */
  readonly serverErrors: string[] = [];
  /** The first answers other than 2xx of each route, with their bodies, to say why. */
  readonly otherFailures = new Map<string, string[]>();
  /** Requests still unanswered when the run gave up waiting (the offered rate was above what was served). */
  abandoned = 0;

  private tally(route: string): RouteTally {
    let tally = this.tallies.get(route);
    if (!tally) {
      tally = { route, sent: 0, latenciesMs: [], statuses: new Map(), transportErrors: 0, warmupFailures: 0 };
      this.tallies.set(route, tally);
    }
    return tally;
  }

  /** One answer; `measured` is false in the warm-up. */
  answered(route: string, status: number, latencyMs: number, measured: boolean, body: () => string): void {
    const tally = this.tally(route);
    if (status >= 500 && this.serverErrors.length < 20) this.serverErrors.push(`${route} → ${status} ${body().slice(0, 300)}`);
    const others = this.otherFailures.get(route) ?? [];
    if (status < 500 && (status < 200 || status >= 300) && others.length < 2) this.otherFailures.set(route, [...others, `${status} ${body().slice(0, 300)}`]);
    if (!measured) {
      if (status >= 500) tally.warmupFailures += 1;
      return;
    }
    tally.sent += 1;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (status >= 200 && status < 300) tally.latenciesMs.push(latencyMs);
  }

  /** A request that got no answer (connection refused or reset, timeout); one the run gave up on is counted apart. */
  unanswered(route: string, measured: boolean, error: unknown, abandoned: boolean): void {
    if (abandoned) {
      this.abandoned += 1;
      return;
    }
    const tally = this.tally(route);
    if (this.serverErrors.length < 20) this.serverErrors.push(`${route} → no answer: ${error instanceof Error ? error.message : String(error)}`);
    if (!measured) tally.warmupFailures += 1;
    else {
      tally.sent += 1;
      tally.transportErrors += 1;
    }
  }

  routes(): RouteTally[] {
    return [...this.tallies.values()].sort((a, b) => b.sent - a.sent);
  }

  /** Measured requests so far, and how many of them failed (non-2xx or no answer). */
  totals(): { sent: number; failed: number; serverErrors: number } {
    let sent = 0;
    let failed = 0;
    let serverErrors = 0;
    for (const t of this.tallies.values()) {
      sent += t.sent;
      failed += t.sent - t.latenciesMs.length;
      serverErrors += t.transportErrors + t.warmupFailures + [...t.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    }
    return { sent, failed, serverErrors };
  }

  /** The per-route table: count, latency p50/p90/p99/max of the 2xx answers, error rate, and any status other than 2xx. */
  table(): string[] {
    const rows = this.routes().map((t) => {
      const sorted = [...t.latenciesMs].sort((a, b) => a - b);
      const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
      const failed = t.sent - sorted.length;
      const other = [...t.statuses].filter(([s]) => s < 200 || s >= 300).map(([s, c]) => `${s}×${c}`);
      if (t.transportErrors) other.push(`no answer×${t.transportErrors}`);
      if (t.warmupFailures) other.push(`warm-up 5xx/no answer×${t.warmupFailures}`);
      const rate = t.sent ? ((100 * failed) / t.sent).toFixed(2) : '-';
      return [t.route, String(t.sent), ms(percentile(sorted, 50)), ms(percentile(sorted, 90)), ms(percentile(sorted, 99)), ms(sorted.at(-1) ?? Number.NaN), `${rate}%`, other.join(' ') || '-'];
    });
    return formatTable(['route', 'requests', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'errors', 'non-2xx'], rows);
  }
}

/** Columns padded to their widest cell; the first left-aligned, the rest right-aligned except the last. */
export function formatTable(header: string[], rows: string[][]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 || c === r.length - 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}
