import type { DateOfBirth } from '../../sources/listed-entity';

/** How a queried date of birth relates to everything a list publishes for one person. */
export type DateOfBirthVerdict =
  | 'exact'
  | 'day_month_transposed'
  | 'same_month'
  | 'same_year'
  | 'in_range'
  | 'conflict'
  | 'unknown';

/** Best first: the strongest agreement among several published dates wins. */
const AGREEMENT_ORDER: readonly DateOfBirthVerdict[] = ['exact', 'day_month_transposed', 'same_month', 'same_year', 'in_range'];

export interface QueriedDate {
  year: number;
  month: number;
  day: number;
  text: string;
}

/** Parses the scan's `YYYY-MM-DD`; anything else is treated as no date of birth at all. */
export function parseQueriedDate(text: string | null | undefined): QueriedDate | null {
  const found = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!found) return null;
  const [year, month, day] = [Number(found[1]), Number(found[2]), Number(found[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day, text: text! };
}

/**
 * Compares a queried date with the published ones. An exact published date must agree exactly, except
 * that day and month swapped is kept (and said so): lists and customers both confuse DD/MM with MM/DD,
 * and dropping a true sanctions match over a date format is the costlier error. A year-month, a year or
 * a range ("circa 1965", "1960 to 1965") is compared at its own precision. `conflict` means no
 * published date can be this person's; `unknown` that the list publishes none.
 */
export function checkDateOfBirth(query: QueriedDate, published: readonly DateOfBirth[]): DateOfBirthVerdict {
  if (published.length === 0) return 'unknown';
  let best: DateOfBirthVerdict = 'conflict';
  for (const dob of published) {
    const verdict = compareOne(query, dob);
    if (verdict !== 'conflict' && (best === 'conflict' || AGREEMENT_ORDER.indexOf(verdict) < AGREEMENT_ORDER.indexOf(best))) {
      best = verdict;
    }
  }
  return best;
}

function compareOne(query: QueriedDate, dob: DateOfBirth): DateOfBirthVerdict {
  switch (dob.kind) {
    case 'exact': {
      const [year, month, day] = dob.date.split('-').map(Number);
      if (year !== query.year) return 'conflict';
      if (month === query.month && day === query.day) return 'exact';
      return month === query.day && day === query.month ? 'day_month_transposed' : 'conflict';
    }
    case 'year_month':
      return dob.year === query.year && dob.month === query.month ? 'same_month' : 'conflict';
    case 'year':
      return dob.year === query.year ? 'same_year' : 'conflict';
    case 'range':
      return dob.fromYear <= query.year && query.year <= dob.toYear ? 'in_range' : 'conflict';
  }
}

/** "1961", "1961-04", "1961-04-12", "1960 to 1965": how reasons and match records name a published date. */
export function describeDateOfBirth(dob: DateOfBirth): string {
  switch (dob.kind) {
    case 'exact':
      return dob.date;
    case 'year_month':
      return `${dob.year}-${String(dob.month).padStart(2, '0')}`;
    case 'year':
      return String(dob.year);
    case 'range':
      return `${dob.fromYear} to ${dob.toYear}`;
  }
}

/** The published dates, as a removal reason names them. */
export function describeDatesOfBirth(published: readonly DateOfBirth[]): string {
  const described = published.map(describeDateOfBirth);
  return [...new Set(described)].join(' or ');
}
