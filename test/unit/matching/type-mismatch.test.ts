import { describe, expect, it } from 'vitest';
import { MatchIndex, TYPE_MISMATCH_PENALTY, type MatchQuery } from '../../../src/matching';
import { backgroundPopulation, listedEntity } from './listed-entity-factory';

const acme = listedEntity({ source: 'ofac', sourceId: '4004', kind: 'organisation', primaryName: 'ACME TRADING INTERNATIONAL CORP' });
const emma = listedEntity({ source: 'ofac', sourceId: '29857', kind: 'organisation', primaryName: 'EMMA LLC' });
const seaStar = listedEntity({ source: 'ofac', sourceId: '5005', kind: 'vessel', primaryName: 'SEA STAR' });
const habbash = listedEntity({ source: 'ofac', sourceId: '1001', primaryName: 'George HABBASH' });
const seaStarPerson = listedEntity({ source: 'dfat', sourceId: '77', primaryName: 'Sea STARR' });
const index = MatchIndex.build([...backgroundPopulation(), acme, emma, seaStar, habbash, seaStarPerson]);

const person = (name: string): MatchQuery => ({ name, entityType: 'person' });
const organisation = (name: string): MatchQuery => ({ name, entityType: 'organisation' });

describe('type mismatches', () => {
  it('returns a listed organisation for a person query of its exact name, penalised and labelled', () => {
    const [match, ...rest] = index.search(person('Acme Trading International Corp')).matches;
    expect(rest).toEqual([]);
    expect(match!.entityId).toBe('ofac:4004');
    expect(match!.typeMismatch).toEqual({ queried: 'person', listed: 'organisation', penalty: TYPE_MISMATCH_PENALTY, nameScore: 1 });
    expect(match!.score).toBe(1 - TYPE_MISMATCH_PENALTY);
    expect(match!.explanation.score).toBe(match!.score);
    expect(match!.explanation.summary).toContain('Type mismatch: queried as a person, listed as an organisation');
  });

  it('reads the person query in the company’s terms, so a legal form counts as one', () => {
    expect(index.search(person('Emma LLC')).matches.map((m) => m.entityId)).toEqual(['ofac:29857']);
    // Without the legal form the name is not the listed company's: nothing comes through.
    expect(index.search(person('Emma')).matches).toEqual([]);
  });

  it('returns a listed person for an organisation query, and reaches vessels', () => {
    const habbashMatch = index.search(organisation('George Habbash')).matches[0]!;
    expect(habbashMatch.entityId).toBe('ofac:1001');
    expect(habbashMatch.typeMismatch?.listed).toBe('person');
    const vessel = index.search(organisation('Sea Star')).matches.find((m) => m.entityId === 'ofac:5005');
    expect(vessel?.typeMismatch).toMatchObject({ queried: 'organisation', listed: 'vessel' });
  });

  it('ranks a same-type match above a type mismatch of the same name', () => {
    const matches = index.search(person('Sea Starr')).matches;
    expect(matches[0]!.entityId).toBe('dfat:77');
    expect(matches[0]!.typeMismatch).toBeNull();
  });

  it('lets through only near-exact names of the other type', () => {
    expect(index.search(person('Acme Trading')).matches).toEqual([]);
    expect(index.search(person('John Acme')).matches).toEqual([]);
    // A same-type query is untouched by it.
    expect(index.search(organisation('Acme Trading International Pty Ltd')).matches[0]!.typeMismatch).toBeNull();
  });

  it('can be switched off', () => {
    expect(index.search(person('Acme Trading International Corp'), { typeMismatches: false }).matches).toEqual([]);
  });
});
