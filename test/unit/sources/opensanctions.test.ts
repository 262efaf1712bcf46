import { describe, expect, it } from 'vitest';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { datasetFromPath, parseOpenSanctionsFtm, parseOpenSanctionsSimpleCsv } from '../../../src/sources/opensanctions/parse';
import { listKindFromTopics } from '../../../src/sources/opensanctions/topics';
import { collect, entity, FIXTURES, names } from './collect-events';

const SIMPLE = `${FIXTURES}/opensanctions/ua_war_sanctions-targets.simple.csv`;
const FTM = `${FIXTURES}/opensanctions/peps-entities.ftm.json`;

describe('parseOpenSanctionsSimpleCsv', () => {
  it('yields one entity per row under the dataset named in the file name', async () => {
    const { entities, problems } = await collect(parseOpenSanctionsSimpleCsv(SIMPLE));
    expect(entities).toHaveLength(19);
    expect(problems).toEqual([]);
    expect(new Set(entities.map((e) => e.source))).toEqual(new Set(['opensanctions:ua_war_sanctions']));
    expect(entities.every((e) => e.listKind === 'sanctions')).toBe(true);
    const kinds = (kind: string) => entities.filter((e) => e.kind === kind).length;
    expect([kinds('person'), kinds('organisation'), kinds('vessel')]).toEqual([7, 8, 4]);
  });

  it('splits the ";"-separated aliases, dates, countries, identifiers and programmes', async () => {
    const collected = await collect(parseOpenSanctionsSimpleCsv(SIMPLE));
    const uspenskaya = entity(collected, 'NK-29dGPcB5CxPwUQt4N3ZVEj');
    expect(uspenskaya).toMatchObject({
      kind: 'person',
      primaryName: 'USPENSKAYA Olesya Igorevna',
      datesOfBirth: [{ kind: 'exact', date: '1987-09-14', raw: '1987-09-14' }],
      programmes: ['UA-WS-STEALERS'],
      remarks: 'Carried out an illegal cultural and chronological determination of the archaeological material of the Prymorsky Northwest settlement',
      identifiers: [{ type: 'other', value: '773006863179', country: null }],
      listedOn: '2026-02-11',
    });
    expect(uspenskaya.aliases.map((a) => [a.name, a.script])).toEqual([
      ['УСПЕНСКАЯ Олеся Игоревна', 'cyrillic'],
      ['УСПЕНСЬКА Олеся Ігорівна', 'cyrillic'],
    ]);
    const rosalin = entity(collected, 'NK-24cf2zYe7LEKhr2zFck73j');
    expect(rosalin).toMatchObject({ kind: 'vessel', countries: ['LR', 'PA', 'SG', 'ST'], identifiers: [{ type: 'imo', value: '9253325', country: null }] });
    expect(names(rosalin)).toEqual(['Ceram Sea', 'Gold Sun', 'Nurkez']);
  });

  it('takes the dataset and list kind from the options when given', async () => {
    const { entities } = await collect(parseOpenSanctionsSimpleCsv(SIMPLE, { dataset: 'peps', listKind: 'pep' }));
    expect(entities.every((e) => e.source === 'opensanctions:peps' && e.listKind === 'pep')).toBe(true);
  });

  it('reports malformed rows with their line and keeps the rest', async () => {
    const collected = await collect(parseOpenSanctionsSimpleCsv(`${FIXTURES}/opensanctions/malformed-targets.simple.csv`));
    expect(collected.entities.map((e) => e.sourceId)).toEqual(['os-1', 'os-4']);
    expect(collected.problems).toEqual([
      { location: 'line 3', message: 'os-2 has no name' },
      { location: 'line 4', message: '3 columns, expected 16' },
      { location: 'line 5', message: 'date of birth: "1970-13-45" is not a plausible date of birth' },
    ]);
  });

  it('refuses a CSV without the simple export columns', async () => {
    await expect(collect(parseOpenSanctionsSimpleCsv(`${FIXTURES}/ofac/sdn.csv`))).rejects.toThrow(UnexpectedFormatError);
  });
});

describe('parseOpenSanctionsFtm', () => {
  it('yields the targets and skips the entities that only describe or link them', async () => {
    const { entities } = await collect(parseOpenSanctionsFtm(FTM));
    expect(entities.map((e) => e.sourceId)).toEqual([
      'ftm-pep-1',
      'ftm-rca-1',
      'ftm-pep-sanctioned',
      'ftm-judge-1',
      'ftm-company-1',
      'ftm-vessel-1',
      'ftm-counter-1',
      'ftm-untagged-person',
      'ftm-bad-date',
    ]);
    expect(entities.every((e) => e.source === 'opensanctions:peps')).toBe(true);
  });

  it('marks PEPs and their relatives from topics, and sanctions above PEP', async () => {
    const collected = await collect(parseOpenSanctionsFtm(FTM));
    const kind = (id: string) => entity(collected, id).listKind;
    expect([kind('ftm-pep-1'), kind('ftm-rca-1'), kind('ftm-judge-1')]).toEqual(['pep', 'pep', 'pep']);
    expect([kind('ftm-pep-sanctioned'), kind('ftm-company-1'), kind('ftm-vessel-1')]).toEqual(['sanctions', 'sanctions', 'sanctions']);
    expect([kind('ftm-counter-1'), kind('ftm-untagged-person')]).toEqual(['other', 'other']);
  });

  it('lets a whole export be declared a PEP source without downgrading sanctions', async () => {
    const collected = await collect(parseOpenSanctionsFtm(FTM, { listKind: 'pep' }));
    expect(entity(collected, 'ftm-untagged-person').listKind).toBe('pep');
    expect(entity(collected, 'ftm-counter-1').listKind).toBe('pep');
    expect(entity(collected, 'ftm-pep-sanctioned').listKind).toBe('sanctions');
  });

  it('maps FtM properties to names, dates, nationalities, gender and identifiers', async () => {
    const collected = await collect(parseOpenSanctionsFtm(FTM));
    expect(entity(collected, 'ftm-pep-1')).toMatchObject({
      kind: 'person',
      primaryName: 'Jane Example-Citizen',
      datesOfBirth: [{ kind: 'exact', date: '1961-04-12', raw: '1961-04-12' }],
      nationalities: ['AU'],
      countries: ['AU'],
      gender: 'F',
      listedOn: '2024-01-05',
      controlDate: '2025-11-20',
    });
    const judge = entity(collected, 'ftm-judge-1');
    expect(judge.aliases.map((a) => [a.name, a.type, a.strength])).toEqual([
      ['La Jueza', 'alias', 'weak'],
      ['Maria Sampleton', 'former', 'unknown'],
    ]);
    expect(judge.datesOfBirth).toEqual([{ kind: 'year_month', year: 1970, month: 5, raw: '1970-05' }]);
    expect(entity(collected, 'ftm-company-1')).toMatchObject({ kind: 'organisation', countries: ['RU'] });
    expect(entity(collected, 'ftm-company-1').identifiers.map((i) => i.type)).toEqual(['tax_id', 'registration']);
    expect(entity(collected, 'ftm-vessel-1')).toMatchObject({ kind: 'vessel', countries: ['PA'], identifiers: [{ type: 'imo', value: '9123456' }] });
    expect(entity(collected, 'ftm-pep-sanctioned')).toMatchObject({ programmes: ['EXAMPLE-RU'], identifiers: [{ type: 'passport', value: '7100000001' }] });
  });

  it('reports broken lines with their line number', async () => {
    const { problems } = await collect(parseOpenSanctionsFtm(FTM));
    expect(problems).toEqual([
      { location: 'line 14', message: 'is not JSON' },
      { location: 'line 15', message: 'has no id or schema' },
      { location: 'line 18 (ftm-no-name)', message: 'ftm-no-name has no name' },
      { location: 'line 19 (ftm-bad-date)', message: 'date of birth: "1961-02-30" is not a plausible date of birth' },
    ]);
  });

  it('refuses a file that is not FtM JSON lines', async () => {
    await expect(collect(parseOpenSanctionsFtm(SIMPLE))).rejects.toThrow(UnexpectedFormatError);
  });
});

describe('listKindFromTopics', () => {
  it('reads sanctions and PEP roles, not counter-sanctions or non-PEP politicians', () => {
    expect(listKindFromTopics(['sanction'])).toBe('sanctions');
    expect(listKindFromTopics(['sanction.linked'])).toBe('sanctions');
    expect(listKindFromTopics(['role.rca'])).toBe('pep');
    expect(listKindFromTopics(['sanction.counter'])).toBe('other');
    expect(listKindFromTopics(['role.pol'])).toBe('other');
  });
});

describe('datasetFromPath', () => {
  it('names the dataset from a published or downloaded file name', () => {
    expect(datasetFromPath('/data/ua_war_sanctions-targets.simple-2026-03-13.csv')).toBe('ua_war_sanctions');
    expect(datasetFromPath('/mirror/datasets/latest/peps/entities.ftm.json')).toBe('peps');
    expect(datasetFromPath('/data/list.csv')).toBeUndefined();
  });
});
