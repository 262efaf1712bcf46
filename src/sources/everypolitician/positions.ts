/**
 * The positions that make an EveryPolitician person a PEP: each term-file row is a seat held for one
 * stint of one Parliament, and each positions.csv row an office (minister, Speaker, ambassador, a state
 * parliament seat). Dates stay as precise as published; an empty term-row date is the term's own start
 * or end (see terms.ts).
 */
import { isoDate } from '../common/calendar-date';
import { cleanValue } from '../common/clean-text';
import type { ListedPosition } from '../listed-entity';
import type { CsvRow } from './csv-table';
import { PARLIAMENT_TERMS } from './terms';

/** What each of EveryPolitician's role markers in the `group` column stands for. */
const ROLE_MARKERS: Readonly<Record<string, string>> = {
  SPK: 'Speaker of the House of Representatives',
  CWM: 'Deputy Speaker of the House of Representatives',
  PRES: 'President of the Senate',
  DPRES: 'Deputy President of the Senate',
};

export interface PositionResult {
  position: ListedPosition | null;
  problems: string[];
}

/**
 * A published date as `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (positions.csv has all three), null when empty
 * (including the quoted `""` one row carries), or `invalid` when it is none of those.
 */
export function publishedDate(value: string | undefined): string | null | 'invalid' {
  const text = cleanValue(value);
  if (text === null) return null;
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  if (!match) return 'invalid';
  const [, year, month, day] = match;
  if (day !== undefined) return isoDate(Number(year), Number(month), Number(day)) ?? 'invalid';
  if (month !== undefined) return Number(month) >= 1 && Number(month) <= 12 ? text : 'invalid';
  return text;
}

/** One seat in one Parliament, from a term-file row; a role marker (SPK, PRES...) becomes the title. */
export function membershipOf(row: CsvRow, fileTerm: number): PositionResult {
  const problems: string[] = [];
  const values = row.values;
  const chamber = cleanValue(values.chamber) ?? 'Parliament';
  const termText = cleanValue(values.term);
  const term = termText !== null && /^\d+$/.test(termText) ? Number(termText) : fileTerm;
  if (term !== fileTerm) problems.push(`term ${termText ?? '(empty)'} in a term-${fileTerm} file; term ${term} used`);
  const parliament = PARLIAMENT_TERMS.get(term);
  const group = cleanValue(values.group);
  const role = group !== null ? ROLE_MARKERS[group.toUpperCase()] : undefined;
  const startDate = dateOrProblem(values.start_date, 'start_date', problems) ?? parliament?.start ?? null;
  const endDate = dateOrProblem(values.end_date, 'end_date', problems) ?? parliament?.end ?? null;
  if (!parliament && (cleanValue(values.start_date) === null || cleanValue(values.end_date) === null)) {
    problems.push(`term ${term} is not in the term table: an empty date is left unknown`);
  }
  if (startDate !== null && endDate !== null && endDate < startDate) problems.push(`end_date ${endDate} is before start_date ${startDate}`);
  const position: ListedPosition = {
    title: role ?? (/senate/i.test(chamber) ? 'Senator' : `Member of the ${chamber}`),
    body: `${chamber}, Parliament of Australia`,
    area: cleanValue(values.area),
    party: role ? null : group,
    term,
    startDate,
    endDate,
    kind: 'membership',
  };
  return { position, problems };
}

/** An office from a positions.csv row. */
export function officeOf(row: CsvRow): PositionResult {
  const problems: string[] = [];
  const title = cleanValue(row.values.position);
  if (title === null) return { position: null, problems: ['row has no position'] };
  const startDate = dateOrProblem(row.values.start_date, 'start_date', problems);
  const endDate = dateOrProblem(row.values.end_date, 'end_date', problems);
  if (startDate !== null && endDate !== null && endDate < startDate) problems.push(`end_date ${endDate} is before start_date ${startDate}`);
  return { position: { title, body: null, area: null, party: null, term: null, startDate, endDate, kind: 'office' }, problems };
}

function dateOrProblem(value: string | undefined, column: string, problems: string[]): string | null {
  const date = publishedDate(value);
  if (date !== 'invalid') return date;
  problems.push(`${column} "${value}" is not a date (YYYY-MM-DD, YYYY-MM or YYYY): left unknown`);
  return null;
}

/** Most recent first; undated last; then by title, so the order never depends on file order. */
export function comparePositions(a: ListedPosition, b: ListedPosition): number {
  const start = (p: ListedPosition) => p.startDate ?? '';
  return start(b).localeCompare(start(a)) || (b.endDate ?? '9999').localeCompare(a.endDate ?? '9999') || a.title.localeCompare(b.title);
}
