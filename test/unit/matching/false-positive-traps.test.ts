import { describe, expect, it } from 'vitest';
import { MatchIndex, type MatchQuery } from '../../../src/matching';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

/**
 * Documented false positives of other screeners: names that share a common given name, a surname
 * fragment or generic business words with a listed name, and nothing that identifies anyone.
 */
const habbash = listedEntity({ source: 'ofac', sourceId: '1001', primaryName: 'George HABBASH' });
const karimov = listedEntity({ source: 'dfat', sourceId: '2002', primaryName: 'Mohammed Yusuf KARIMOV', aliases: [alias('Omar', { strength: 'weak' })] });
const chen = listedEntity({ source: 'ofac', sourceId: '3003', primaryName: 'Guo Ping CHEN' });
const acme = listedEntity({ source: 'ofac', sourceId: '4004', kind: 'organisation', primaryName: 'ACME TRADING INTERNATIONAL CORP' });
const globalTrading = listedEntity({ source: 'un', sourceId: 'KPe.1', kind: 'organisation', primaryName: 'Korea Kwangson Global Trading Company Limited' });
const seaStar = listedEntity({ source: 'ofac', sourceId: '5005', kind: 'vessel', primaryName: 'SEA STAR' });
const index = MatchIndex.build([...backgroundPopulation(), habbash, karimov, chen, acme, globalTrading, seaStar]);

const person = (name: string): MatchQuery => ({ name, entityType: 'person' });
const organisation = (name: string): MatchQuery => ({ name, entityType: 'organisation' });
const ids = (query: MatchQuery) => index.search(query).matches.map((m) => m.entityId);

describe('false-positive traps', () => {
  it('does not match George Bush to George Habbash', () => {
    expect(ids(person('George Bush'))).toEqual([]);
    expect(ids(person('George W. Bush'))).toEqual([]);
    // ...while George Habbash himself, misspelt, is found.
    expect(ids(person('George Habash'))).toEqual(['ofac:1001']);
  });

  it('does not pass on a common given name alone', () => {
    expect(ids(person('Mohammed Smith'))).toEqual([]);
    expect(ids(person('Mohammed Yusuf Nguyen'))).toEqual([]);
  });

  it('does not pass on a one-word weak alias that is a common given name', () => {
    expect(ids(person('Omar Smith'))).toEqual([]);
  });

  it('does not treat a changed first letter of a short name as a typo', () => {
    expect(ids(person('Jing Chen'))).toEqual([]);
  });

  it('does not match a company to every company called Trading, International or Corp', () => {
    expect(ids(organisation('XYZ Trading International Corp'))).toEqual([]);
    expect(ids(organisation('Global Trading Company Pty Ltd'))).toEqual([]);
    expect(ids(organisation('International Corp'))).toEqual([]);
    expect(ids(organisation('Trading Company Limited'))).toEqual([]);
    // ...while the listed companies are found under another legal form.
    expect(ids(organisation('Acme Trading International Pty Ltd'))).toEqual(['ofac:4004']);
    expect(ids(organisation('Kwangson Global Trading Co'))).toEqual(['un:KPe.1']);
  });

  it('ranks a legal form that agrees above one that does not, without letting either decide', () => {
    const same = index.search(organisation('Acme Trading International Corp')).matches[0]!.score;
    const other = index.search(organisation('Acme Trading International GmbH')).matches[0]!.score;
    expect(same).toBeGreaterThan(other);
  });

  it('keeps people and organisations apart, and vessels out of organisation screens', () => {
    expect(ids(person('Acme Trading International Corp'))).toEqual([]);
    expect(ids(organisation('George Habbash'))).toEqual([]);
    expect(ids(organisation('Sea Star'))).toEqual([]);
    expect(index.search(organisation('Sea Star'), { kinds: ['vessel'] }).matches.map((m) => m.entityId)).toEqual(['ofac:5005']);
  });
});
