import type { DateOfBirth } from '../listed-entity';
import { cleanValue } from './clean-text';
import { excelSerialToIsoDate, expandYear, isoDate, isPlausibleBirthYear, monthFromName } from './calendar-date';

/**
 * Dates of birth as the lists publish them: "11/04/1963", "1 Jan. 1967", "Nov. 1973", "08/1977",
 * "circa 1970", "Between 1963 and 1968", "1955- 1958", "DOB 01 Jan 1961 to 31 Dec 1962", several
 * separated by ",", ";", "or", "alt DOB:" or "a) ... b) ...". Every date found becomes one
 * {@link DateOfBirth}; numeric dates are day-first, as DFAT and the UN publish them.
 */

/** "circa 1965" is published as a range this many years either side of the year given. */
export const CIRCA_YEARS = 1;

export interface DatesOfBirthResult {
  dates: DateOfBirth[];
  /** Fragments that look like dates but are not real or plausible ones, or text with no date at all. */
  problems: string[];
}

const MONTH = String.raw`(?<![a-z])(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il|l)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])\.?`;
const END = String.raw`(?!\d)`;

const DATE_PATTERN = new RegExp(
  String.raw`(?<!\d)(?:` +
    String.raw`(?<isoY>\d{4})-(?<isoM>\d{1,2})(?:-(?<isoD>\d{1,2}))?${END}` +
    String.raw`|(?<nD>\d{1,2})[/.-](?<nM>\d{1,2})[/.-] ?(?<nY>\d{4}|\d{2})${END}` +
    String.raw`|(?<wD>\d{1,2})(?:st|nd|rd|th)?\.?[\s-]*(?<wM>${MONTH})[\s,-]*(?<wY>\d{4}|\d{2})${END}` +
    String.raw`|(?<rM1>${MONTH})\s*(?:and|to|-|–)\s*(?<rM2>${MONTH})[\s,]*(?<rY>\d{4})${END}` +
    String.raw`|(?<uM>${MONTH})\s+(?<uD>\d{1,2}),?\s+(?<uY>\d{4})${END}` +
    String.raw`|(?<mM>${MONTH})[\s,]*(?<mY>\d{4})${END}` +
    String.raw`|(?<pM>\d{1,2})[/.](?<pY>\d{4})${END}` +
    String.raw`|(?<yY>\d{4})${END}` +
    `)`,
  'gi',
);

const APPROXIMATE = /(?:approx(?:imately)?\.?|circa|about|around|(?<![a-z])ca?\.)\s*$/i;
const PREFIX = /(?:between|from|approx(?:imately)?\.?|circa|about|around|(?<![a-z])ca?\.)\s*$/i;
const RANGE_ANY = /^\s*(?:to|until|till)\s*$/i;
const RANGE_YEARS = /^\s*(?:-|–|—|\/)\s*$/;

interface Found {
  start: number;
  end: number;
  year: number;
  month: number | null;
  day: number | null;
  text: string;
  /** A month range within one year ("Between Aug. and Sep 1977"): only the year is certain. */
  yearOnly: boolean;
}

/** Finds every date of birth in published text; see the module comment for the forms understood. */
export function parseDatesOfBirth(text: string): DatesOfBirthResult {
  const problems: string[] = [];
  const found: Found[] = [];
  for (const match of text.matchAll(DATE_PATTERN)) {
    const parts = dateParts(match.groups ?? {});
    const start = match.index;
    const item = { start, end: start + match[0].length, text: match[0].trim(), ...parts };
    if (!isRealDate(item)) {
      problems.push(`"${item.text}" is not a plausible date of birth`);
      continue;
    }
    found.push(item);
  }
  const dates: DateOfBirth[] = [];
  for (let i = 0; i < found.length; i++) {
    const current = found[i]!;
    const gapBefore = text.slice(i === 0 ? 0 : found[i - 1]!.end, current.start);
    const rawStart = current.start - (PREFIX.exec(gapBefore)?.[0].length ?? 0);
    const next = found[i + 1];
    if (next && isRangeBetween(current, next, text.slice(current.end, next.start), gapBefore)) {
      dates.push(rangeOf(current.year, next.year, text.slice(rawStart, next.end).trim()));
      i++;
      continue;
    }
    const raw = text.slice(rawStart, current.end).trim();
    dates.push(APPROXIMATE.test(gapBefore) ? circaOf(current.year, raw) : dateOf(current, raw));
  }
  if (found.length === 0 && problems.length === 0 && cleanValue(text) !== null) {
    problems.push(`no date of birth recognised in "${cleanValue(text)}"`);
  }
  return { dates, problems };
}

/** A date of birth from a spreadsheet number: a year (1963) or an Excel serial day (23456). */
export function dateOfBirthFromNumber(value: number): DateOfBirth | null {
  if (isPlausibleBirthYear(value)) return { kind: 'year', year: value, raw: String(value) };
  const iso = excelSerialToIsoDate(value);
  if (iso === null || !isPlausibleBirthYear(Number(iso.slice(0, 4)))) return null;
  const [year, month, day] = iso.split('-');
  return { kind: 'exact', date: iso, raw: `${day}/${month}/${year}` };
}

/** "circa YEAR": a range {@link CIRCA_YEARS} either side, keeping the published words in `raw`. */
export function circaOf(year: number, raw: string): DateOfBirth {
  return { kind: 'range', fromYear: year - CIRCA_YEARS, toYear: year + CIRCA_YEARS, raw };
}

/** A year range in either order; a range within one year is just that year. */
export function rangeOf(fromYear: number, toYear: number, raw: string): DateOfBirth {
  if (fromYear === toYear) return { kind: 'year', year: fromYear, raw };
  return { kind: 'range', fromYear: Math.min(fromYear, toYear), toYear: Math.max(fromYear, toYear), raw };
}

/** Identity of a date of birth for de-duplication: the same date published twice counts once. */
export function dateOfBirthKey(dob: DateOfBirth): string {
  switch (dob.kind) {
    case 'exact':
      return dob.date;
    case 'year_month':
      return `${dob.year}-${dob.month}`;
    case 'year':
      return String(dob.year);
    case 'range':
      return `${dob.fromYear}..${dob.toYear}`;
  }
}

function dateOf(found: Found, raw: string): DateOfBirth {
  if (found.month === null || found.yearOnly) return { kind: 'year', year: found.year, raw };
  if (found.day === null) return { kind: 'year_month', year: found.year, month: found.month, raw };
  return { kind: 'exact', date: isoDate(found.year, found.month, found.day)!, raw };
}

function isRealDate(found: Found): boolean {
  if (!isPlausibleBirthYear(found.year)) return false;
  if (found.month !== null && (found.month < 1 || found.month > 12)) return false;
  return found.day === null || isoDate(found.year, found.month ?? 0, found.day) !== null;
}

function isRangeBetween(from: Found, to: Found, gap: string, gapBefore: string): boolean {
  if (RANGE_ANY.test(gap)) return true;
  if (/^\s*and\s*$/i.test(gap)) return /between\s*$/i.test(gapBefore);
  return RANGE_YEARS.test(gap) && from.month === null && to.month === null;
}

type Groups = Record<string, string | undefined>;

function dateParts(g: Groups): Pick<Found, 'year' | 'month' | 'day' | 'yearOnly'> {
  const num = (value: string | undefined) => (value === undefined ? null : Number(value));
  const month = (value: string | undefined) => (value === undefined ? null : monthFromName(value));
  const year = (value: string) => expandYear(value);
  if (g.isoY) return { year: Number(g.isoY), month: num(g.isoM), day: num(g.isoD), yearOnly: false };
  if (g.nY) return { year: year(g.nY), month: num(g.nM), day: num(g.nD), yearOnly: false };
  if (g.wY) return { year: year(g.wY), month: month(g.wM), day: num(g.wD), yearOnly: false };
  if (g.rY) return { year: Number(g.rY), month: null, day: null, yearOnly: true };
  if (g.uY) return { year: Number(g.uY), month: month(g.uM), day: num(g.uD), yearOnly: false };
  if (g.mY) return { year: Number(g.mY), month: month(g.mM), day: null, yearOnly: false };
  if (g.pY) return { year: Number(g.pY), month: num(g.pM), day: null, yearOnly: false };
  return { year: Number(g.yY), month: null, day: null, yearOnly: false };
}
