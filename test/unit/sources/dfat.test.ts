import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDfatList } from '../../../src/sources/dfat/parse';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { collect, entity, FIXTURES, names } from './collect-events';

const CURRENT = `${FIXTURES}/dfat/consolidated-current.xlsx`;
const REGULATION8 = `${FIXTURES}/dfat/consolidated-regulation8.xlsx`;

describe('parseDfatList on the current 19-column layout', () => {
  it('yields one entity per reference number', async () => {
    const { entities } = await collect(parseDfatList(CURRENT));
    expect(entities).toHaveLength(24);
    expect(new Set(entities.map((e) => e.sourceId)).size).toBe(24);
    expect(entities.every((e) => e.source === 'dfat' && e.listKind === 'sanctions')).toBe(true);
  });

  it('groups aliases and original-script names under their primary name, with their strength', async () => {
    const akhund = entity(await collect(parseDfatList(CURRENT)), '5');
    expect(akhund.primaryName).toBe('Muhammad Taher Anwari');
    expect(names(akhund, 'alias')).toEqual(['Mohammad Taher Anwari', 'Muhammad Tahir Anwari', 'Mohammad Tahre Anwari', 'Haji Mudir']);
    expect(akhund.aliases.find((a) => a.name === 'Haji Mudir')).toMatchObject({ strength: 'weak', script: 'latin' });
    expect(akhund.aliases.find((a) => a.type === 'original_script')).toEqual({
      name: 'محمد طاهر أنوري',
      type: 'original_script',
      strength: 'unknown',
      script: 'arabic',
    });
  });

  it('reads every published form of date of birth', async () => {
    const collected = await collect(parseDfatList(CURRENT));
    expect(entity(collected, '3').datesOfBirth).toEqual([{ kind: 'year', year: 1963, raw: '1963' }]);
    expect(entity(collected, '93').datesOfBirth.map((d) => d.kind)).toEqual(['year', 'exact']);
    expect(entity(collected, '139').datesOfBirth).toEqual([
      { kind: 'exact', date: '1965-03-29', raw: '29/03/1965' },
      { kind: 'exact', date: '1965-03-30', raw: '30/03/1965' },
    ]);
    expect(entity(collected, '9').datesOfBirth).toEqual([{ kind: 'range', fromYear: 1952, toYear: 1954, raw: 'Approximately 1953' }]);
    expect(entity(collected, '23').datesOfBirth).toEqual([{ kind: 'range', fromYear: 1963, toYear: 1968, raw: 'Between 1963 and 1968' }]);
    expect(entity(collected, '2529').datesOfBirth).toEqual([
      { kind: 'year_month', year: 1977, month: 8, raw: '08/1977' },
      { kind: 'year_month', year: 1977, month: 9, raw: '09/1977' },
      { kind: 'year', year: 1976, raw: '1976' },
    ]);
    expect(entity(collected, '2').datesOfBirth).toHaveLength(10);
  });

  it('resolves citizenships to ISO codes and reads vessels, addresses, programmes and dates', async () => {
    const collected = await collect(parseDfatList(CURRENT));
    expect(entity(collected, '114').nationalities).toEqual(['AF', 'PK']);
    expect(entity(collected, '199').nationalities).toEqual(['JO', 'US']);
    expect(entity(collected, '157').countries).toEqual(['DZ']);
    const vessel = entity(collected, '8227');
    expect(vessel).toMatchObject({ kind: 'vessel', primaryName: 'ANDAMAN SKIES', identifiers: [{ type: 'imo', value: '9288693', country: null }] });
    expect(entity(collected, '156').kind).toBe('organisation');
    const akhund = entity(collected, '2');
    expect(akhund.programmes).toEqual(['1988 (Taliban)', 'Charter of the United Nations (Sanctions—the Taliban) Regulation 2013']);
    expect(akhund).toMatchObject({ listedOn: '2001-01-25', controlDate: '2026-02-05' });
  });

  it('reads the workbook from a stream as well as from a path', async () => {
    const { entities } = await collect(parseDfatList(createReadStream(CURRENT)));
    expect(entities).toHaveLength(24);
  });

  it('absorbs and reports DFAT slips: no primary row, two primaries, a row without a type', async () => {
    const collected = await collect(parseDfatList(CURRENT));
    expect(entity(collected, '8495').primaryName).toBe('Yahya Husseini Panjaki');
    expect(entity(collected, '8686')).toMatchObject({ primaryName: 'Rubicon Center for Advanced Unmanned Technologies' });
    expect(names(entity(collected, '8686'))).toEqual(['Rubicon Unit']);
    expect(entity(collected, '8720').primaryName).toBe('Joint Stock Company Exi Bank');
    expect(entity(collected, '3621').kind).toBe('organisation');
    expect(collected.problems.map((p) => p.location)).toEqual([
      'reference 1254 (sheet 1 row 56)',
      'reference 6960 (sheet 1 row 97)',
      'reference 8495 (sheet 1 row 101)',
      'reference 8686 (sheet 1 row 107)',
      'reference 8720 (sheet 1 row 109)',
    ]);
    expect(collected.problems[1]!.message).toBe('date of birth: no date of birth recognised in "10/061962"');
  });
});

describe('parseDfatList on the older 12-column layout', () => {
  it('yields one entity per reference, including one whose alias row is out of order', async () => {
    const collected = await collect(parseDfatList(REGULATION8));
    expect(collected.entities).toHaveLength(17);
    const chernomorneftegaz = entity(collected, '2940');
    expect(names(chernomorneftegaz)).toContain('Chernomorneftegaz CJSC');
    expect(chernomorneftegaz.aliases).toHaveLength(10);
  });

  it('reads rich-text cells, lettered dates, nationality adjectives and former names', async () => {
    const collected = await collect(parseDfatList(REGULATION8));
    expect(entity(collected, '2').datesOfBirth).toEqual([
      { kind: 'range', fromYear: 1955, toYear: 1958, raw: 'Approximately 1955- 1958' },
      { kind: 'range', fromYear: 1945, toYear: 1950, raw: 'Approximately 1945-1950' },
    ]);
    expect(entity(collected, '147').nationalities).toEqual(['EG']);
    expect(names(entity(collected, '2943'), 'former')).toEqual(['Forces Démocratiques Alliées-Armée Nationale de Libération de l’Ouganda', 'ADF/NALU', 'NALU']);
    expect(entity(collected, '3').aliases.every((alias) => alias.strength === 'unknown')).toBe(true);
    expect(collected.problems.map((p) => p.message)).toContain('date of birth: no date of birth recognised in "Approximately (30-35 years old)"');
  });
});

describe('parseDfatList on malformed and foreign files', () => {
  it('reports unusable rows with their location and keeps the rest', async () => {
    const collected = await collect(parseDfatList(`${FIXTURES}/dfat/malformed.xlsx`));
    expect(collected.entities.map((e) => e.sourceId)).toEqual(['1', '3']);
    expect(entity(collected, '1').aliases).toEqual([{ name: 'Alpha Example', type: 'alias', strength: 'strong', script: 'latin' }]);
    expect(entity(collected, '3').datesOfBirth).toEqual([]);
    expect(collected.problems).toEqual([
      { location: 'sheet 1 row 4', message: 'reference 2 has no name' },
      { location: 'sheet 1 row 6', message: 'row has no reference number' },
      { location: 'sheet 1 row 7', message: 'reference "X9" is not a DFAT reference number' },
      { location: 'reference 3 (sheet 1 row 5)', message: 'date of birth: "31/02/1970" is not a plausible date of birth' },
    ]);
  });

  it('refuses a workbook with other headers before yielding anything', async () => {
    await expect(collect(parseDfatList(`${FIXTURES}/dfat/wrong-headers.xlsx`))).rejects.toThrow(UnexpectedFormatError);
  });

  it('refuses a file that is not a workbook', async () => {
    await expect(collect(parseDfatList(`${FIXTURES}/ofac/sdn.csv`))).rejects.toThrow(UnexpectedFormatError);
  });
});
