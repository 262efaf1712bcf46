import { describe, expect, it } from 'vitest';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { readingOrder } from '../../../src/sources/ofac/map';
import { parseOfacList } from '../../../src/sources/ofac/parse';
import { parseOfacRemarks } from '../../../src/sources/ofac/remarks';
import { collect, entity, FIXTURES, names } from './collect-events';

const FILES = { sdn: `${FIXTURES}/ofac/sdn.csv`, alt: `${FIXTURES}/ofac/alt.csv`, add: `${FIXTURES}/ofac/add.csv` };

describe('parseOfacList', () => {
  it('yields one entity per SDN row, typed by SDN_Type', async () => {
    const { entities } = await collect(parseOfacList(FILES));
    expect(entities).toHaveLength(21);
    const kinds = (kind: string) => entities.filter((e) => e.kind === kind).length;
    expect([kinds('person'), kinds('organisation'), kinds('vessel'), kinds('other')]).toEqual([16, 2, 2, 1]);
    expect(entities.every((e) => e.source === 'ofac' && e.listKind === 'sanctions')).toBe(true);
  });

  it('joins ALT.CSV aliases as strong names and ADD.CSV countries on ent_num', async () => {
    const collected = await collect(parseOfacList(FILES));
    const zawahiri = entity(collected, '2676');
    expect(zawahiri.primaryName).toBe('Dr. Ayman AL ZAWAHIRI');
    expect(names(zawahiri)).toEqual(['Ayman AL-ZAWAHIRI', 'Ahmad Fuad SALIM', 'Aiman Muhammad Rabi AL-ZAWAHIRI']);
    expect(zawahiri.aliases.every((alias) => alias.strength === 'strong')).toBe(true);
    const saderat = entity(collected, '4642');
    expect(names(saderat, 'former')).toEqual([
      'IRAN OVERSEAS INVESTMENT BANK PLC',
      'IRAN OVERSEAS INVESTMENT CORPORATION LIMITED',
      'IRAN OVERSEAS INVESTMENT BANK LIMITED',
    ]);
    expect(saderat.countries).toEqual(['GB', 'IR']);
  });

  it('reads dates and places of birth, nationality, gender and documents from Remarks', async () => {
    const collected = await collect(parseOfacList(FILES));
    expect(entity(collected, '2677')).toMatchObject({
      primaryName: 'Abboud Abdul Latif Hassan AL-ZOMOR',
      datesOfBirth: [{ kind: 'exact', date: '1947-04-19', raw: '19 Apr 1947' }],
      placesOfBirth: ['Nahia, Giza, Egypt'],
      nationalities: ['EG'],
      gender: 'M',
    });
    expect(entity(collected, '7522')).toMatchObject({ gender: 'F', identifiers: [{ type: 'national_id', value: '63741411R50', country: 'ZW' }] });
    expect(entity(collected, '2686').datesOfBirth.map((d) => d.kind === 'exact' && d.date)).toEqual(['1960-08-31', '1953-08-31', '1955-08-31', '1958-08-31']);
    expect(entity(collected, '7782').datesOfBirth).toEqual([{ kind: 'range', fromYear: 1950, toYear: 1952, raw: 'circa 1951' }]);
    expect(entity(collected, '12057').datesOfBirth).toEqual([
      { kind: 'range', fromYear: 1951, toYear: 1953, raw: '1951 to 1953' },
      { kind: 'range', fromYear: 1960, toYear: 1962, raw: '1960 to 1962' },
      { kind: 'year_month', year: 1961, month: 4, raw: 'Apr 1961' },
      { kind: 'year', year: 1953, raw: '1953' },
    ]);
    expect(entity(collected, '11648').nationalities).toEqual(['KP']);
    expect(entity(collected, '2676').identifiers).toEqual([
      { type: 'passport', value: '1084010', country: 'EG' },
      { type: 'passport', value: '19820215', country: null },
    ]);
  });

  it('keeps quoted a.k.a.s from Remarks as weak names, in reading order for people', async () => {
    const collected = await collect(parseOfacList(FILES));
    expect(entity(collected, '4107').aliases.filter((a) => a.strength === 'weak').map((a) => a.name)).toEqual(['THE CHESS PLAYER', 'LUCAS']);
    expect(entity(collected, '11648').aliases.at(-1)).toEqual({ name: 'JIN SOK KIM', type: 'alias', strength: 'weak', script: 'latin' });
    expect(entity(collected, '4243').aliases).toEqual([
      { name: 'ANA I', type: 'former', strength: 'weak', script: 'latin' },
      { name: 'SAND SWAN', type: 'former', strength: 'weak', script: 'latin' },
    ]);
  });

  it('reads vessels, aircraft and programmes', async () => {
    const collected = await collect(parseOfacList(FILES));
    expect(entity(collected, '4243')).toMatchObject({ kind: 'vessel', countries: ['PA'], identifiers: [{ type: 'imo', value: '7406784', country: null }] });
    expect(entity(collected, '15431')).toMatchObject({ kind: 'other', primaryName: 'EP-GOM' });
    expect(entity(collected, '12057').programmes).toEqual(['SDGT', 'NPWMD', 'IRGC', 'IFSR', 'IRAN-HR', 'IRAN-EO13876']);
  });

  it('reports ALT and ADD rows that join to no SDN entry, after the entities', async () => {
    const { problems } = await collect(parseOfacList(FILES));
    expect(problems).toEqual([
      { location: 'ALT line 78', message: 'ent_num 17016 has no SDN entry' },
      { location: 'ALT line 79', message: 'ent_num 17022 has no SDN entry' },
      { location: 'ADD line 26', message: 'ent_num 17016 has no SDN entry' },
      { location: 'ADD line 27', message: 'ent_num 17022 has no SDN entry' },
    ]);
  });

  it('parses the SDN file alone when ALT and ADD are not given', async () => {
    const collected = await collect(parseOfacList({ sdn: FILES.sdn }));
    expect(collected.problems).toEqual([]);
    expect(names(entity(collected, '2676'))).toEqual([]);
  });

  it('reports malformed rows with their line and keeps the rest', async () => {
    const collected = await collect(parseOfacList({ sdn: `${FIXTURES}/ofac/malformed-sdn.csv` }));
    expect(collected.entities.map((e) => e.sourceId)).toEqual(['90001', '90005']);
    expect(collected.problems).toEqual([
      { location: 'SDN line 2', message: '11 columns, expected 12' },
      { location: 'SDN line 3', message: 'ent_num "ABC" is not a number' },
      { location: 'SDN line 4', message: 'ent_num 90004 has no SDN_Name' },
      { location: 'SDN line 5 (ent_num 90005)', message: 'date of birth: "31 Feb 1970" is not a plausible date of birth' },
    ]);
  });

  it('refuses files that are not SDN, ALT or ADD files', async () => {
    await expect(collect(parseOfacList({ sdn: FILES.alt }))).rejects.toThrow(UnexpectedFormatError);
    await expect(collect(parseOfacList({ sdn: `${FIXTURES}/un/consolidated.xml` }))).rejects.toThrow(UnexpectedFormatError);
    await expect(collect(parseOfacList({ sdn: FILES.sdn, alt: FILES.add }))).rejects.toThrow(UnexpectedFormatError);
  });
});

describe('parseOfacRemarks', () => {
  it('reads each statement OFAC publishes in Remarks', () => {
    const remarks = parseOfacRemarks(
      "DOB 12 Jan 1960; alt. DOB 1961; POB Giza, Egypt; nationality Korea, North; citizen Egypt; Gender Female; a.k.a. 'ABU-'UMAR'; f.k.a. 'OLD NAME'; Passport A123 (Egypt) issued 01 Jan 2000; Tax ID No. 77 (Russia); Vessel Registration Identification IMO 7406784.",
    );
    expect(remarks).toEqual({
      datesOfBirth: [
        { kind: 'exact', date: '1960-01-12', raw: '12 Jan 1960' },
        { kind: 'year', year: 1961, raw: '1961' },
      ],
      placesOfBirth: ['Giza, Egypt'],
      nationalities: ['KP', 'EG'],
      gender: 'F',
      weakNames: [
        { name: "ABU-'UMAR", type: 'alias' },
        { name: 'OLD NAME', type: 'former' },
      ],
      identifiers: [
        { type: 'passport', value: 'A123', country: 'EG' },
        { type: 'tax_id', value: '77', country: 'RU' },
        { type: 'imo', value: '7406784', country: null },
      ],
      problems: [],
    });
  });
});

describe('readingOrder', () => {
  it('turns OFAC\'s "LAST, First" into reading order', () => {
    expect(readingOrder('AL-ZAWAHIRI, Ayman')).toBe('Ayman AL-ZAWAHIRI');
    expect(readingOrder('DELOS REYES, Feliciano Semborio, Jr.')).toBe('Feliciano Semborio DELOS REYES Jr.');
    expect(readingOrder('EP-GOM')).toBe('EP-GOM');
  });
});
