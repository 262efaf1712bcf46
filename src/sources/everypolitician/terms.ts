/**
 * The Parliaments of Australia as EveryPolitician counts terms. A term file leaves `start_date` or
 * `end_date` empty when a stint ran from the start or to the end of the term, so the loader needs the
 * term's own dates to say since when a member held the seat.
 *
 * Sources:
 * - EveryPolitician's own term table, `data/Australia/Senate/sources/morph/terms.csv` in the public
 *   repository everypolitician/everypolitician-data (commit ed49ecadc8e9ec3ff83d0a77c414288a3f59ee34).
 *   Its terms run from general election to general election (the 43rd Parliament is 2010-08-21 to
 *   2013-09-07), which is why Senate term-43 rows of senators who retired on 2011-06-30 and House
 *   rows dated before the Parliament first sat both fall inside them. The Representatives copy of that
 *   table (`Representatives/sources/morph/terms.csv`, commit 5aff5b55…) has the same dates except two
 *   day/month swaps (44th end `2016-06-05`, 45th start `2016-02-07`); the Senate copy is used.
 * - The general election dates and the 2016 double dissolution (9 May 2016) agree with the
 *   Parliamentary Handbook of the Commonwealth of Australia ("Federal elections" and "Dissolutions"
 *   tables, Parliamentary Library, aph.gov.au). For reference, not used for dates: the 43rd Parliament
 *   first sat on 2010-09-28, the 44th on 2013-11-12 and the 45th on 2016-08-30; senators elected at a
 *   half-Senate election take their seats on 1 July after it (2011-07-01, 2014-07-01), and after the
 *   2016 double dissolution on 2016-07-02.
 * - The 45th term has no end: EveryPolitician stopped updating during it (latest event March 2018), so
 *   a stint without an end date is open as far as the data knows, not closed at a guessed date.
 */
export interface ParliamentTerm {
  term: number;
  /** `45th Parliament`. */
  name: string;
  /** The general election that began the term (EveryPolitician's term start). */
  start: string;
  /** The next general election, or the dissolution for 2016; null when the data ends within the term. */
  end: string | null;
}

export const PARLIAMENT_TERMS: ReadonlyMap<number, ParliamentTerm> = new Map(
  (
    [
      [35, '1987-07-11', '1990-03-24'],
      [36, '1990-03-24', '1993-03-13'],
      [37, '1993-03-13', '1996-03-02'],
      [38, '1996-03-02', '1998-10-03'],
      [39, '1998-10-03', '2001-11-10'],
      [40, '2001-11-10', '2004-10-09'],
      [41, '2004-10-09', '2007-11-24'],
      [42, '2007-11-24', '2010-08-21'],
      [43, '2010-08-21', '2013-09-07'],
      [44, '2013-09-07', '2016-05-09'],
      [45, '2016-07-02', null],
    ] as const
  ).map(([term, start, end]) => [term, { term, name: `${ordinal(term)} Parliament`, start, end }]),
);

/** `43rd`, `44th`, `45th`. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
