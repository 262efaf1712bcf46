import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { parseUnList } from '../../../src/sources/un/parse';
import { collect, entity, FIXTURES, names } from './collect-events';

const LIST = `${FIXTURES}/un/consolidated.xml`;

describe('parseUnList', () => {
  it('yields an entity per INDIVIDUAL and ENTITY record', async () => {
    const { entities } = await collect(parseUnList(LIST));
    expect(entities.filter((e) => e.kind === 'person')).toHaveLength(18);
    expect(entities.filter((e) => e.kind === 'organisation')).toHaveLength(9);
    expect(entities.every((e) => e.source === 'un' && e.listKind === 'sanctions')).toBe(true);
  });

  it('reads the list from a stream as well as from a path', async () => {
    const { entities } = await collect(parseUnList(createReadStream(LIST)));
    expect(entities).toHaveLength(27);
  });

  it('joins the name parts and grades aliases by their published quality', async () => {
    const collected = await collect(parseUnList(LIST));
    const iyamuremye = entity(collected, 'CDi.003');
    expect(iyamuremye.primaryName).toBe('GASTON IYAMUREMYE');
    expect(iyamuremye.aliases.find((a) => a.name === 'Rumuli')).toMatchObject({ type: 'alias', strength: 'weak' });
    expect(iyamuremye.aliases.find((a) => a.name === 'Victor Rumuri')).toMatchObject({ type: 'alias', strength: 'strong' });
    expect(entity(collected, 'IQi.001').aliases[0]).toEqual({ name: 'صدام حسين التكريتي', type: 'original_script', strength: 'unknown', script: 'arabic' });
    const adf = entity(collected, 'CDe.001');
    expect(names(adf, 'alias')).toEqual(['Allied Democratic Forces']);
    expect(names(adf, 'former')).toEqual(['Forces Démocratiques Alliées-Armée Nationale de Libération de l’Ouganda', 'ADF/NALU', 'NALU']);
  });

  it('reads exact, year-only, approximate, between and note-only dates of birth', async () => {
    const collected = await collect(parseUnList(LIST));
    expect(entity(collected, 'CDi.001').datesOfBirth).toEqual([{ kind: 'year', year: 1971, raw: '1971' }]);
    expect(entity(collected, 'CDi.004').datesOfBirth).toEqual([{ kind: 'year_month', year: 1973, month: 11, raw: 'Nov. 1973' }]);
    expect(entity(collected, 'CDi.014').datesOfBirth).toEqual([
      { kind: 'exact', date: '1962-03-17', raw: '1962-03-17' },
      { kind: 'range', fromYear: 1965, toYear: 1967, raw: 'approximately 1966' },
    ]);
    expect(entity(collected, 'CDi.030').datesOfBirth).toEqual([{ kind: 'range', fromYear: 1973, toYear: 1974, raw: 'between 1973 and 1974' }]);
    expect(entity(collected, 'QDi.395').datesOfBirth).toEqual([{ kind: 'year_month', year: 1958, month: 9, raw: 'Sep. 1958' }]);
    expect(entity(collected, 'KPi.016').datesOfBirth.map((d) => d.kind === 'exact' && d.date)).toEqual(['1958-02-22', '1957-04-15']);
  });

  it('reads gender, nationality, address countries, documents and dates of the listing', async () => {
    const collected = await collect(parseUnList(LIST));
    const mahmood = entity(collected, 'QDi.356');
    expect(mahmood).toMatchObject({ gender: 'F', nationalities: ['GB'], countries: ['SY', 'GB'], programmes: ['Al-Qaida'] });
    expect(mahmood.identifiers).toEqual([{ type: 'passport', value: '720134834', country: 'GB' }]);
    expect(entity(collected, 'CDi.001')).toMatchObject({ gender: 'M', listedOn: '2012-12-31', controlDate: '2016-10-13' });
    expect(entity(collected, 'CDi.006').gender).toBeNull();
  });

  it('reports dates of birth it cannot read, with the record and line', async () => {
    const { problems } = await collect(parseUnList(LIST));
    expect(problems).toEqual([
      { location: 'INDIVIDUAL[15] (LYi.022) line 673', message: 'date of birth: no date of birth recognised in "approximately 30-35 years old"' },
      { location: 'INDIVIDUAL[16] (QDi.291) line 729', message: 'date of birth: "24/06/1402" is not a plausible date of birth' },
    ]);
  });

  it('skips records without a reference or a name and reports them', async () => {
    const collected = await collect(parseUnList(`${FIXTURES}/un/malformed.xml`));
    expect(collected.entities.map((e) => e.sourceId)).toEqual(['XXi.001', 'XXi.004']);
    expect(collected.problems.map((p) => [p.location.replace(/ line \d+$/, ''), p.message])).toEqual([
      ['INDIVIDUAL[2]', 'record has no REFERENCE_NUMBER'],
      ['INDIVIDUAL[3] (XXi.003)', 'record has no name'],
      ['INDIVIDUAL[4] (XXi.004)', 'date of birth: "1975-02-30" is not a plausible date of birth'],
    ]);
  });

  it('refuses another XML document and a CSV file before yielding anything', async () => {
    await expect(collect(parseUnList(`${FIXTURES}/un/wrong-root.xml`))).rejects.toThrow(UnexpectedFormatError);
    await expect(collect(parseUnList(`${FIXTURES}/ofac/sdn.csv`))).rejects.toThrow(UnexpectedFormatError);
  });

  it('fails a truncated download instead of passing it off as the whole list', async () => {
    const seen: string[] = [];
    const read = async () => {
      for await (const event of parseUnList(`${FIXTURES}/un/truncated.xml`)) if ('entity' in event) seen.push(event.entity.sourceId);
    };
    await expect(read()).rejects.toThrow(/malformed XML/);
    expect(seen.length).toBeGreaterThan(0);
  });
});
