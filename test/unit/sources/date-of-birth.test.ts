import { describe, expect, it } from 'vitest';
import { dateOfBirthFromNumber, parseDatesOfBirth } from '../../../src/sources/common/date-of-birth';

const dates = (text: string) => parseDatesOfBirth(text).dates;

describe('parseDatesOfBirth', () => {
  it('reads day-first numeric dates, including two-digit years', () => {
    expect(dates('11/04/1963')).toEqual([{ kind: 'exact', date: '1963-04-11', raw: '11/04/1963' }]);
    expect(dates('07/05/1962; alt DOB: 07/04/62').map((d) => d.kind === 'exact' && d.date)).toEqual(['1962-05-07', '1962-04-07']);
    expect(dates('05.09.1990')).toEqual([{ kind: 'exact', date: '1990-09-05', raw: '05.09.1990' }]);
  });

  it('reads dates with month names in the orders DFAT, OFAC and the UN use', () => {
    const iso = (text: string) => dates(text).map((d) => (d.kind === 'exact' ? d.date : d.kind));
    expect(iso('1 Jan. 1967')).toEqual(['1967-01-01']);
    expect(iso('DOB 10 Dec 1948')).toEqual(['1948-12-10']);
    expect(iso('23-Apr-68')).toEqual(['1968-04-23']);
    expect(iso('29-Aprl-1967')).toEqual(['1967-04-29']);
    expect(iso('March 16, 1972')).toEqual(['1972-03-16']);
    expect(iso('1987-09-14')).toEqual(['1987-09-14']);
  });

  it('keeps a year or a year and month when that is all that is published', () => {
    expect(dates('1963')).toEqual([{ kind: 'year', year: 1963, raw: '1963' }]);
    expect(dates('Nov. 1973')).toEqual([{ kind: 'year_month', year: 1973, month: 11, raw: 'Nov. 1973' }]);
    expect(dates('08/1977')).toEqual([{ kind: 'year_month', year: 1977, month: 8, raw: '08/1977' }]);
    expect(dates('1987-09')).toEqual([{ kind: 'year_month', year: 1987, month: 9, raw: '1987-09' }]);
  });

  it('turns circa and approximately into a range around the year, keeping the words', () => {
    expect(dates('circa 1970')).toEqual([{ kind: 'range', fromYear: 1969, toYear: 1971, raw: 'circa 1970' }]);
    expect(dates('Approximately 1953')).toEqual([{ kind: 'range', fromYear: 1952, toYear: 1954, raw: 'Approximately 1953' }]);
    expect(dates('c. 1962')).toEqual([{ kind: 'range', fromYear: 1961, toYear: 1963, raw: 'c. 1962' }]);
  });

  it('reads published ranges', () => {
    const ranges = (text: string) => dates(text).map((d) => (d.kind === 'range' ? [d.fromYear, d.toYear] : d.kind));
    expect(ranges('Between 1963 and 1968')).toEqual([[1963, 1968]]);
    expect(ranges('Approximately 1955- 1958')).toEqual([[1955, 1958]]);
    expect(ranges('DOB 1951 to 1953')).toEqual([[1951, 1953]]);
    expect(ranges('DOB 01 Jan 1961 to 31 Dec 1962')).toEqual([[1961, 1962]]);
    expect(ranges('approximately 1977/1978')).toEqual([[1977, 1978]]);
    expect(ranges('DOB circa 1979-1982')).toEqual([[1979, 1982]]);
  });

  it('finds every date in a list, however it is separated', () => {
    const years = (text: string) => dates(text).map((d) => (d.kind === 'year' ? d.year : d.kind));
    expect(years('1945, 1946, 1947')).toEqual([1945, 1946, 1947]);
    expect(years('a) 1957 b) 1953')).toEqual([1957, 1953]);
    expect(years('1963 or 1964 or 1965')).toEqual([1963, 1964, 1965]);
    expect(years('1979, 1980.1981, 1982')).toEqual([1979, 1980, 1981, 1982]);
    expect(dates('a) 1966, b) 1961, c) Between 1968 and 1970, d) 1962')).toHaveLength(4);
  });

  it('reports impossible dates and text without a date, and ignores placeholders', () => {
    expect(parseDatesOfBirth('31/02/1970')).toEqual({ dates: [], problems: ['"31/02/1970" is not a plausible date of birth'] });
    expect(parseDatesOfBirth('19/04/1982, 24/06/1402').problems).toEqual(['"24/06/1402" is not a plausible date of birth']);
    expect(parseDatesOfBirth('10/061962').problems).toEqual(['no date of birth recognised in "10/061962"']);
    expect(parseDatesOfBirth('1970-13-45').problems).toHaveLength(1);
    expect(parseDatesOfBirth('na')).toEqual({ dates: [], problems: [] });
  });
});

describe('dateOfBirthFromNumber', () => {
  it('reads a spreadsheet number as a year or as an Excel serial date', () => {
    expect(dateOfBirthFromNumber(1963)).toEqual({ kind: 'year', year: 1963, raw: '1963' });
    expect(dateOfBirthFromNumber(23468)).toEqual({ kind: 'exact', date: '1964-04-01', raw: '01/04/1964' });
    expect(dateOfBirthFromNumber(12)).toBeNull();
  });
});
