/**
 * Calendar arithmetic the loaders share: validating published day/month/year parts, expanding
 * two-digit years, month names, and the Excel serial dates DFAT's spreadsheet stores.
 */

/** Earliest birth year we accept: anything older is a typo or another calendar (e.g. Solar Hijri 1402). */
export const EARLIEST_BIRTH_YEAR = 1850;

const MS_PER_DAY = 86_400_000;
/** Excel's day zero (1900 date system, after its 1900-02-29 bug): serial 1 = 1900-01-01 for serials > 60. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** `YYYY-MM-DD` for a real calendar day, otherwise null (31/02, month 13, ...). */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A birth year we can believe: not before {@link EARLIEST_BIRTH_YEAR} and not in the future. */
export function isPlausibleBirthYear(year: number, today: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= EARLIEST_BIRTH_YEAR && year <= today.getUTCFullYear();
}

/** "62" → 1962, "05" → 2005: a two-digit birth year is in the last century unless that would be in the future. */
export function expandYear(digits: string, today: Date = new Date()): number {
  const value = Number(digits);
  if (digits.length !== 2) return value;
  const century = Math.floor(today.getUTCFullYear() / 100) * 100;
  return century + value > today.getUTCFullYear() ? century - 100 + value : century + value;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** 1-12 for an English month name or abbreviation ("Sept.", "Aprl" and other typos included), else null. */
export function monthFromName(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

/** ISO date for an Excel serial day number (what a date cell holds when read without styles). */
export function excelSerialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 61) return null;
  const date = new Date(EXCEL_EPOCH_MS + Math.floor(serial) * MS_PER_DAY);
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` from a JS Date (as exceljs gives for styled date cells), using its UTC calendar day. */
export function isoDateFromDate(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}
