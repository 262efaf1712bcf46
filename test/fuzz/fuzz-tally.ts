/**
 * Counts of what the fuzz run sent and got back, per operation and per status, printed at the end of
 * the run so the figures (requests fuzzed, statuses seen) can be quoted, and a failure can be placed.
 */
export class FuzzTally {
  private readonly perOperation = new Map<string, Map<number, number>>();
  private readonly perStatus = new Map<number, number>();
  private readonly elapsed = new Map<string, number>();
  readonly failures: string[] = [];
  total = 0;

  /** Records one answer of `operation`, and how long it took (queueing included). */
  record(operation: string, status: number, elapsedMs: number): void {
    this.total++;
    this.elapsed.set(operation, (this.elapsed.get(operation) ?? 0) + elapsedMs);
    const statuses = this.perOperation.get(operation) ?? new Map<number, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.perOperation.set(operation, statuses);
    this.perStatus.set(status, (this.perStatus.get(status) ?? 0) + 1);
  }

  /** Keeps a breach for the report (the first few in full, then only counted). */
  fail(message: string): void {
    this.failures.push(message);
  }

  /** Requests sent to `operation` so far. */
  sentTo(operation: string): number {
    return [...(this.perOperation.get(operation)?.values() ?? [])].reduce((a, b) => a + b, 0);
  }

  /** The per-operation and per-status table, one line each. */
  report(wallMs: number): string {
    const fmt = (statuses: Map<number, number>) => [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(' ');
    const width = Math.max(...[...this.perOperation.keys()].map((k) => k.length), 10);
    const mean = (op: string) => `${Math.round((this.elapsed.get(op) ?? 0) / this.sentTo(op))} ms`.padStart(8);
    const lines = [...this.perOperation.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([op, statuses]) => `  ${op.padEnd(width)} ${String(this.sentTo(op)).padStart(5)} ${mean(op)}  ${fmt(statuses)}`);
    return [
      `fuzz: ${this.total} requests to ${this.perOperation.size} operations in ${(wallMs / 1000).toFixed(1)} s (${Math.round(this.total / (wallMs / 1000))}/s), ${this.failures.length} breaches`,
      `fuzz statuses: ${fmt(this.perStatus)}`,
      `  ${'operation'.padEnd(width)} ${'sent'.padStart(5)} ${'mean'.padStart(8)}  statuses`,
      ...lines,
    ].join('\n');
  }
}
