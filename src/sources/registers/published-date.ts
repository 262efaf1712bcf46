/**
 * The dates the HTML registers print, as yyyy-mm-dd. AUSTRAC's pages write "12 March 2024" (and carry
 * an ISO `datetime` attribute beside it), ASIC's published notices write "12/03/2024". One reader for
 * all of them, so "31 February" is refused the same way everywhere instead of rolling into March.
 */
import { isoDate, monthFromName } from '../common/calendar-date';

const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\.?';

/** Each written form, as a pattern (unanchored, so it can be found inside text) and how to read its parts. */
const FORMS: { pattern: string; read: (m: RegExpExecArray) => string | null }[] = [
  // 2024-03-12, or an ISO datetime: the calendar day as written, whatever its offset (see publishedDate).
  { pattern: '\\b(\\d{4})-(\\d{2})-(\\d{2})(?:T[\\d:.]+(?:Z|[+-]\\d{2}:?\\d{2})?)?', read: (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3])) },
  // 12/03/2024 or 12-03-2024: day first, as Australian registers write it.
  { pattern: '\\b(\\d{1,2})[/-](\\d{1,2})[/-](\\d{4})\\b', read: (m) => isoDate(Number(m[3]), Number(m[2]), Number(m[1])) },
  // 12 March 2024, 12 Mar. 2024
  { pattern: `\\b(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\b`, read: (m) => isoDate(Number(m[3]), monthFromName(m[2]!) ?? 0, Number(m[1])) },
  // March 12, 2024 (rare on Australian pages, but cheap to accept)
  { pattern: `\\b${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, read: (m) => isoDate(Number(m[3]), monthFromName(m[1]!) ?? 0, Number(m[2])) },
];

const WHOLE = FORMS.map((f) => ({ re: new RegExp(`^\\s*${f.pattern}\\s*$`, 'i'), read: f.read }));
const ANYWHERE = FORMS.map((f) => ({ re: new RegExp(f.pattern, 'i'), read: f.read }));

/**
 * yyyy-mm-dd for a date written in one of the forms above; null when the text is not a date or names a
 * day that does not exist (31/02/2024). An ISO datetime gives the day as written before its offset:
 * pages print the local day, and converting "2024-03-12T00:00:00+11:00" to UTC would move it to the 11th.
 */
export function publishedDate(value: string | null | undefined): string | null {
  if (!value) return null;
  for (const { re, read } of WHOLE) {
    const m = re.exec(value);
    if (m) return read(m);
  }
  return null;
}

/**
 * The first date written anywhere in `text` ("Published: 12/03/2024", "Tuesday 12 March 2024 | Media
 * release"): the text that looked like a date, and its yyyy-mm-dd or null when that day does not exist,
 * so the caller can report what it refused. Null when nothing looks like a date.
 */
export function findPublishedDate(text: string | null | undefined): { text: string; date: string | null } | null {
  if (!text) return null;
  let first: { index: number; text: string; date: string | null } | null = null;
  for (const { re, read } of ANYWHERE) {
    const m = re.exec(text);
    if (m && (!first || m.index < first.index)) first = { index: m.index, text: m[0], date: read(m) };
  }
  return first && { text: first.text, date: first.date };
}
