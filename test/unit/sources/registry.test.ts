import { describe, expect, it } from 'vitest';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { listFormatOf, OFFICIAL_LIST_URLS, parseListFile } from '../../../src/sources/registry';
import { collect, FIXTURES } from './collect-events';

describe('listFormatOf', () => {
  it('knows each source\'s format and tells OpenSanctions exports apart by extension', () => {
    expect(listFormatOf({ source: 'dfat', path: 'list.xlsx' })).toBe('dfat-xlsx');
    expect(listFormatOf({ source: 'un', path: 'consolidated.xml' })).toBe('un-xml');
    expect(listFormatOf({ source: 'ofac', path: 'SDN.CSV' })).toBe('ofac-csv');
    expect(listFormatOf({ source: 'opensanctions:peps', path: 'peps-targets.simple.csv' })).toBe('opensanctions-simple-csv');
    expect(listFormatOf({ source: 'opensanctions:peps', path: 'peps-entities.ftm.json' })).toBe('opensanctions-ftm');
    expect(() => listFormatOf({ source: 'opensanctions:peps', path: 'peps.xml' })).toThrow(UnexpectedFormatError);
    expect(listFormatOf({ source: 'everypolitician', path: 'everypolitician-au' })).toBe('everypolitician-csv');
  });
});

describe('parseListFile', () => {
  it('parses each source with its own parser', async () => {
    const dfat = await collect(parseListFile({ source: 'dfat', path: `${FIXTURES}/dfat/consolidated-current.xlsx` }));
    expect(dfat.entities).toHaveLength(24);
    const un = await collect(parseListFile({ source: 'un', path: `${FIXTURES}/un/consolidated.xml` }));
    expect(un.entities).toHaveLength(27);
    const ofac = await collect(
      parseListFile({ source: 'ofac', path: `${FIXTURES}/ofac/sdn.csv`, altPath: `${FIXTURES}/ofac/alt.csv`, addPath: `${FIXTURES}/ofac/add.csv` }),
    );
    expect([ofac.entities.length, ofac.problems.length]).toEqual([21, 4]);
  });

  it('names OpenSanctions entities after the dataset in the source and applies a declared list kind', async () => {
    const simple = await collect(parseListFile({ source: 'opensanctions:ukraine', path: `${FIXTURES}/opensanctions/ua_war_sanctions-targets.simple.csv` }));
    expect(new Set(simple.entities.map((e) => e.source))).toEqual(new Set(['opensanctions:ukraine']));
    const ftm = await collect(parseListFile({ source: 'opensanctions:peps', path: `${FIXTURES}/opensanctions/peps-entities.ftm.json`, listKind: 'pep' }));
    expect(ftm.entities.find((e) => e.sourceId === 'ftm-untagged-person')?.listKind).toBe('pep');
  });

  it('reads an EveryPolitician folder, or one chamber folder, as domestic PEPs', async () => {
    const both = await collect(parseListFile({ source: 'everypolitician', path: `${FIXTURES}/everypolitician` }));
    expect([both.entities.length, both.problems.length]).toEqual([9, 0]);
    expect(both.entities.every((e) => e.source === 'everypolitician' && e.listKind === 'pep' && (e.positions ?? []).length > 0)).toBe(true);
    const house = await collect(parseListFile({ source: 'everypolitician', path: `${FIXTURES}/everypolitician/Representatives` }));
    expect(house.entities).toHaveLength(5);
  });

  it('refuses a file of another format for the source', async () => {
    await expect(collect(parseListFile({ source: 'un', path: `${FIXTURES}/dfat/consolidated-current.xlsx` }))).rejects.toThrow(UnexpectedFormatError);
    await expect(collect(parseListFile({ source: 'opensanctions:x', path: `${FIXTURES}/un/consolidated.xml` }))).rejects.toThrow(UnexpectedFormatError);
    await expect(collect(parseListFile({ source: 'everypolitician', path: `${FIXTURES}/un/consolidated.xml` }))).rejects.toThrow(UnexpectedFormatError);
    await expect(collect(parseListFile({ source: 'everypolitician', path: `${FIXTURES}/un` }))).rejects.toThrow(UnexpectedFormatError);
  });
});

describe('OFFICIAL_LIST_URLS', () => {
  it('points at the official publications over HTTPS', () => {
    const urls = [OFFICIAL_LIST_URLS.dfat, OFFICIAL_LIST_URLS.un, ...Object.values(OFFICIAL_LIST_URLS.ofac), OFFICIAL_LIST_URLS.opensanctions];
    expect(urls.every((url) => url.startsWith('https://'))).toBe(true);
  });
});
