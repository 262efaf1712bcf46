/**
 * The period a finance reconciliation covers (with the account, when it looks into one customer):
 * reading it from the CLI's `--from` / `--to`, the wider window each side is read over so a pair split
 * across the period's edge still matches, and whether an instant falls in the period. Kept
 * apart from the matching (reconciliation.ts) and the report rows (report-rows.ts) because it is plain
 * UTC date arithmetic, used directly by the CLI and the database reader, and depends on neither of them.
 */

/** How far beyond the period each side is read to find the other (the provider retries an undelivered event for up to three days). */
export const MATCH_MARGIN_DAYS = 7;

const DAY_MS = 86_400_000;

/** A report period: UTC days `from` to `to`, both included, as the half-open instant range [start, end). */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * Reads `--from` / `--to` (YYYY-MM-DD, UTC days, `to` included). Throws a RangeError a CLI can show as a
 * usage error: a reconciliation over a misread period would look clean while checking the wrong rows.
 */
export function parsePeriod(from: string, to: string): Period {
  const day = (label: string, value: string): Date => {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw new RangeError(`${label} must be a date as YYYY-MM-DD, got ${JSON.stringify(value)}`);
    return date;
  };
  const start = day('--from', from);
  const last = day('--to', to);
  if (last < start) throw new RangeError('--to must not be before --from');
  return { from, to, start, end: new Date(last.getTime() + DAY_MS) };
}

/** The instants each side is read over: the period widened by {@link MATCH_MARGIN_DAYS} either way. */
export function matchWindow(period: Period): { start: Date; end: Date } {
  return { start: new Date(period.start.getTime() - MATCH_MARGIN_DAYS * DAY_MS), end: new Date(period.end.getTime() + MATCH_MARGIN_DAYS * DAY_MS) };
}

/** True when an ISO 8601 instant falls in the period ([start, end)). */
export const inPeriod = (iso: string, period: Period) => {
  const t = new Date(iso).getTime();
  return t >= period.start.getTime() && t < period.end.getTime();
};

/** What one reconciliation covers: a period, and optionally one account. */
export interface ReconciliationScope {
  period: Period;
  /** Only this account's movements and facts (finance looking into one customer; tests). */
  accountId?: string;
}
