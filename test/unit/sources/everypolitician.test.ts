import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { parseEveryPoliticianFolder } from '../../../src/sources/everypolitician/parse';
import { publishedDate } from '../../../src/sources/everypolitician/positions';
import { collect, entity, FIXTURES, names } from './collect-events';

/** Cut from the shared copy by scripts/everypolitician-fixtures.ts (rows byte for byte). */
const FOLDER = join(FIXTURES, 'everypolitician');
const JOYCE = '3ff42d8e-38ab-4ac0-bb07-f7205470544a'; // Representatives UUID; Senate b7aa3154-…
const BERNARDI = '507def8c-f3fd-4be5-8937-4ceaa26520ae';
const SMITH = 'eee6e93f-7522-409b-8def-130ae7d972ad';
const PARRY = '39dd4c49-f329-4fb3-976d-fd8cbb563b9f';
const DOWNER = '88f68da4-88de-402e-b5e7-103a8cb7e23d';
const HOCKEY = '68860e72-4069-45f5-a899-e1b717ae41ac';
const BISHOP = '237da068-da81-4edb-b4cf-4745ddd5a808';

const memberships = (e: ReturnType<typeof entity>) => (e.positions ?? []).filter((p) => p.kind === 'membership');
const offices = (e: ReturnType<typeof entity>) => (e.positions ?? []).filter((p) => p.kind === 'office');

describe('parseEveryPoliticianFolder on the fixtures', () => {
  it('yields one PEP person per person, merging the two chamber UUIDs of one Wikidata id, with no problems', async () => {
    const { entities, problems } = await collect(parseEveryPoliticianFolder(FOLDER));
    expect(problems).toEqual([]);
    // 5 Representatives UUIDs + 5 Senate UUIDs, Barnaby Joyce's two merged into one.
    expect(entities).toHaveLength(9);
    expect(entities.every((e) => e.source === 'everypolitician' && e.listKind === 'pep' && e.kind === 'person')).toBe(true);
    expect(entities.filter((e) => e.primaryName === 'Barnaby Joyce')).toHaveLength(1);
  });

  it('keeps every name variant with its script, gender, the Wikidata id and both chamber UUIDs of a merged person', async () => {
    const joyce = entity(await collect(parseEveryPoliticianFolder(FOLDER)), JOYCE);
    expect(joyce.primaryName).toBe('Barnaby Joyce');
    expect(joyce.gender).toBe('M');
    expect(joyce.countries).toEqual(['AU']);
    expect(joyce.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'wikidata', value: 'Q4861362', country: null },
        { type: 'everypolitician', value: JOYCE, country: null },
        { type: 'everypolitician', value: 'b7aa3154-8a36-48a2-b600-1d170b41bca0', country: null },
      ]),
    );
    expect(joyce.aliases.map((a) => [a.name, a.script])).toEqual([
      ['Барнабі Джойс', 'cyrillic'],
      ['Джойс, Барнаби', 'cyrillic'],
      ["ברנבי ג'ויס", 'other'],
      ['バーナビー･ジョイス', 'cjk'],
      ['巴納比·喬伊斯', 'cjk'],
      ['바너비 조이스', 'cjk'],
    ]);
    expect(joyce.programmes).toEqual(['House of Representatives', 'Senate']);
  });

  it('makes a position of every seat per term with party, electorate or state and dates, an empty date being the term start or end', async () => {
    const joyce = entity(await collect(parseEveryPoliticianFolder(FOLDER)), JOYCE);
    expect(memberships(joyce).map((p) => [p.title, p.area, p.party, p.term, p.startDate, p.endDate])).toEqual([
      // Re-elected at the New England by-election after the High Court's citizenship ruling.
      ['Member of the House of Representatives', 'New England', 'National Party', 45, '2017-12-02', null],
      ['Member of the House of Representatives', 'New England', 'National Party', 45, '2016-07-02', '2017-10-27'],
      ['Member of the House of Representatives', 'New England', 'National Party', 44, '2013-09-07', '2016-05-09'],
      ['Senator', 'Queensland', 'National Party', 43, '2010-08-21', '2013-08-08'],
    ]);
    expect(memberships(joyce)[0]!.body).toBe('House of Representatives, Parliament of Australia');
  });

  it('shows a change of party as two positions in the same term', async () => {
    const bernardi = entity(await collect(parseEveryPoliticianFolder(FOLDER)), BERNARDI);
    expect(memberships(bernardi).filter((p) => p.term === 45).map((p) => [p.party, p.startDate, p.endDate])).toEqual([
      ['Australian Conservatives', '2017-02-07', null],
      ['Liberal Party', '2016-07-02', '2017-02-07'],
    ]);
  });

  it('turns the Speaker and President role markers into their titles, without a party', async () => {
    const collected = await collect(parseEveryPoliticianFolder(FOLDER));
    const smith = entity(collected, SMITH);
    expect(memberships(smith).find((p) => p.term === 45)).toMatchObject({ title: 'Speaker of the House of Representatives', area: 'Casey', party: null });
    expect(offices(smith)).toEqual([
      { title: 'Speaker of the House of Representatives', body: null, area: null, party: null, term: null, startDate: '2015-08-10', endDate: null, kind: 'office' },
    ]);
    const parry = entity(collected, PARRY);
    expect(memberships(parry).map((p) => p.title)).toEqual(
      expect.arrayContaining(['President of the Senate', 'Deputy President of the Senate', 'Senator']),
    );
    expect(names(parry)).toContain('Senator the Hon Stephen Parry');
  });

  it('loads an office holder found only in positions.csv, and reads a quoted empty end date as not ended', async () => {
    const collected = await collect(parseEveryPoliticianFolder(FOLDER));
    const downer = entity(collected, DOWNER);
    expect(downer.positions).toEqual([
      { title: 'Minister for Foreign Affairs', body: null, area: null, party: null, term: null, startDate: '1996-03-11', endDate: '2007-12-03', kind: 'office' },
    ]);
    expect(downer.gender).toBeNull();
    expect(names(downer)).toEqual(['Олександр Доунер', 'アレクサンダー・ダウナー', '亞歷山大·唐納']);
    const hockey = entity(collected, HOCKEY);
    expect(offices(hockey).find((p) => p.title === 'Australian Ambassador to the United States of America')).toMatchObject({ startDate: '2016-01-29', endDate: null });
    const bishop = entity(collected, BISHOP);
    expect(bishop.gender).toBe('F');
    expect(bishop.aliases.find((a) => a.name === 'جولي إيزابيل بيشوب')?.script).toBe('arabic');
    expect(bishop.aliases.find((a) => a.name === 'জুলি বিশপ')?.script).toBe('other');
  });

  it('reads a chamber folder on its own, under that chamber\'s UUIDs', async () => {
    const { entities, problems } = await collect(parseEveryPoliticianFolder(join(FOLDER, 'Senate')));
    expect(problems).toEqual([]);
    expect(entities).toHaveLength(5);
    expect(entities.find((e) => e.primaryName === 'Barnaby Joyce')?.sourceId).toBe('b7aa3154-8a36-48a2-b600-1d170b41bca0');
  });
});

describe('parseEveryPoliticianFolder on bad input', () => {
  let dir: string;
  const HEADER = 'id,name,sort_name,email,twitter,facebook,group,group_id,area_id,area,chamber,term,start_date,end_date,image,gender,wikidata,wikidata_group,wikidata_area';
  const row = (fields: Partial<Record<'id' | 'name' | 'group' | 'area' | 'start' | 'end' | 'gender' | 'wikidata' | 'term', string>>) =>
    [fields.id ?? 'u1', fields.name ?? 'Jane Citizen', '', '', '', '', fields.group ?? 'Liberal Party', '', '', fields.area ?? 'Tasmania', 'Senate', fields.term ?? '45', fields.start ?? '', fields.end ?? '', '', fields.gender ?? 'female', fields.wikidata ?? 'Q1', '', ''].join(',');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'everypolitician-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports each bad row with its file and line, and keeps the good rows', async () => {
    const senate = join(dir, 'bad', 'Senate');
    await mkdir(senate, { recursive: true });
    await writeFile(
      join(senate, 'term-45.csv'),
      [HEADER, row({}), row({ id: '' }), row({ id: 'u2', name: 'John Citizen', start: '2017-13-01', end: '2016-01-01', wikidata: 'Q2' }), 'u3,Short Row,only'].join('\n') + '\n',
    );
    await writeFile(join(senate, 'positions.csv'), 'id,name,position,start_date,end_date\nu1,Jane Citizen,,2017,\nu1,Jane Citizen,Minister for Testing,17 March 2017,\n');
    await writeFile(join(senate, 'names.csv'), 'name,id\nJane Q. Citizen,u1\n,u1\nSomeone Earlier,u9\n');
    const { entities, problems } = await collect(parseEveryPoliticianFolder(join(dir, 'bad')));
    expect(problems).toEqual(
      expect.arrayContaining([
        { location: 'Senate/term-45.csv line 3', message: 'row has no id' },
        { location: 'Senate/term-45.csv line 5', message: '3 columns, expected 19' },
        { location: 'Senate/term-45.csv line 4', message: expect.stringMatching(/start_date "2017-13-01" is not a date/) },
        { location: 'Senate/term-45.csv line 4', message: 'end_date 2016-01-01 is before start_date 2016-07-02' },
        { location: 'Senate/positions.csv line 2', message: 'row has no position' },
        { location: 'Senate/positions.csv line 3', message: expect.stringMatching(/start_date "17 March 2017" is not a date/) },
        { location: 'Senate/names.csv line 3', message: 'row has no name' },
      ]),
    );
    expect(problems).toHaveLength(7);
    expect(entities.map((e) => e.primaryName).sort()).toEqual(['Jane Citizen', 'John Citizen']);
    const jane = entities.find((e) => e.primaryName === 'Jane Citizen')!;
    expect(names(jane)).toEqual(['Jane Q. Citizen']); // "Someone Earlier" (u9) has no seat or office here: not loaded
    expect(jane.positions?.map((p) => [p.title, p.startDate])).toEqual([
      ['Senator', '2016-07-02'],
      ['Minister for Testing', null],
    ]);
  });

  it('refuses a term file missing a needed column, a file, and a folder without term files, before any entity', async () => {
    const old = join(dir, 'old', 'Representatives');
    await mkdir(old, { recursive: true });
    await writeFile(join(old, 'term-44.csv'), 'id,name,group,area,start_date,end_date\nu1,A,B,C,,\n');
    await expect(collect(parseEveryPoliticianFolder(join(dir, 'old')))).rejects.toThrow(/term-44\.csv has no chamber, term, gender, wikidata column/);
    await expect(collect(parseEveryPoliticianFolder(join(old, 'term-44.csv')))).rejects.toThrow(UnexpectedFormatError);
    await mkdir(join(dir, 'empty', 'Senate'), { recursive: true });
    await expect(collect(parseEveryPoliticianFolder(join(dir, 'empty')))).rejects.toThrow(UnexpectedFormatError);
  });
});

describe('publishedDate', () => {
  it('keeps full, year-month and year dates as published and refuses anything else', () => {
    expect(['2016-07-02', '1997-03', '1997', '', '""', '2017-02-30', '1997-13', '2 July 2016'].map(publishedDate)).toEqual([
      '2016-07-02',
      '1997-03',
      '1997',
      null,
      null,
      'invalid',
      'invalid',
      'invalid',
    ]);
  });
});
