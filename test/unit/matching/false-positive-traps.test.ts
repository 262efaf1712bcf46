import { beforeAll, describe, expect, it } from 'vitest';
import type { MatchIndex, MatchQuery } from '../../../src/matching';
import { isTrapQuery } from '../../../scripts/cut-fixtures/trap-queries';
import { trapListsIndex } from './trap-lists-index';

/**
 * False positives real screeners report, run against DFAT, UN and OFAC as published, cut to each
 * trap's neighbourhood (not a synthetic index: the fifty listed Kims and OFAC's "EMMA LLC" are what
 * make these hard). Each trap sits next to a real listed name it must not meet, and the published
 * names themselves (and the lists' own aliases) must still be found.
 */
let index: MatchIndex;
beforeAll(async () => {
  index = (await trapListsIndex()).index;
}, 30_000);

const person = (name: string): MatchQuery => ({ name, entityType: 'person' });
const organisation = (name: string): MatchQuery => ({ name, entityType: 'organisation' });
/** A query the fixture was not cut around would pass for want of neighbours: refuse it. */
function known(query: MatchQuery): MatchQuery {
  if (!isTrapQuery(query)) throw new Error(`"${query.name}" is not in TRAP_QUERIES (scripts/cut-fixtures/trap-queries.ts): add it and re-cut with \`npx tsx scripts/cut-fixtures.ts traps\``);
  return query;
}
const ids = (query: MatchQuery) => index.search(known(query)).matches.map((m) => m.entityId);
/** The listed entities a query comes near (a score of 0.5 or more) without matching: the names a trap sits next to. */
const nearMisses = (query: MatchQuery) =>
  index.search(known(query), { reportFrom: 0.5 }).matches.filter((m) => !m.explanation.match).map((m) => m.entityId);

describe('false-positive traps on the lists cut around them', () => {
  it('does not let a common surname carry a different given name', () => {
    // OFAC lists Mario PARRA SANCHEZ: Mariah is another person's name, not a spelling of Mario.
    expect(ids(person('Mariah Sanchez'))).toEqual([]);
    // ...though it comes near OFAC's Diana Maria SANCHEZ CARLON (0.79 on the full lists).
    expect(nearMisses(person('Mariah Sanchez'))).toContain('ofac:18097');
    expect(ids(person('Mario Parra Sanchez'))).toContain('ofac:15783');
  });

  it('keeps short East Asian names apart, romanised and in their own script', () => {
    // Listed: Jong Un KIM, Jong Man KIM, Yo Jong KIM, Un Jong CHOE, LI Fang Wei, Yang FAN, Aung MIN.
    for (const name of ['Kim Jong Min', 'Kim Min Jung', '김민정', 'Park Ji Sung', '박지성', 'Lee Min Ho', '이민호']) {
      expect(ids(person(name)), name).toEqual([]);
    }
    expect(ids(person('Li Wei')), 'a syllable short of LI Fang Wei').toEqual([]);
    expect(ids(person('李伟'))).toEqual([]);
    expect(ids(person('Wang Fang')), 'Wang is not Yang').toEqual([]);
    expect(ids(person('Choi Jong Un')), 'given-name syllables swapped against Un Jong CHOE').toEqual([]);
    expect(nearMisses(person('Choi Jong Un'))).toContain('ofac:43616');
    expect(nearMisses(person('Kim Jong Min')), 'near Jong Un KIM').toContain('ofac:20157');
    expect(ids(person('金正恩')), 'pinyin syllables are matched exactly, not by sound').not.toContain('ofac:21042');
    // ...while the listed names are found in either order and in Hangul.
    expect(ids(person('Kim Jong Un'))).toContain('ofac:20157');
    expect(ids(person('Jong Un Kim'))).toContain('ofac:20157');
    expect(ids(person('김정은'))).toContain('ofac:20157');
  });

  it('does not match on given names alone', () => {
    for (const name of ['George Bush', 'George W. Bush', 'Mohammed Smith', 'Omar Smith', 'Jing Chen']) expect(ids(person(name)), name).toEqual([]);
    expect(ids(person('Jong Un Park'))).toEqual([]);
    expect(ids(person('Emma'))).toEqual([]);
    expect(ids(person('Emma Watson'))).toEqual([]);
  });

  it('does not match organisations that share only a legal form or generic words', () => {
    const companies = ['Smith Holdings LLC', 'Trading Company LLC', 'Global Investments Limited', 'International Corp', 'XYZ Trading International Corp', 'Global Trading Company Pty Ltd'];
    for (const name of companies) {
      expect(ids(organisation(name)), name).toEqual([]);
    }
    expect(nearMisses(organisation('Trading Company LLC')), 'near GAVIA TRADINGS PTY LTD').toContain('ofac:42256');
    expect(nearMisses(organisation('International Corp')), 'near JUNIOR INTERNATIONAL S.A.').toContain('ofac:12976');
    // A person is not a company because the company is "EMMA LLC".
    expect(ids(person('Emma'))).not.toContain('ofac:29857');
    // ...and the listed company is found under another legal form.
    expect(ids(organisation('Emma LLC'))).toContain('ofac:29857');
  });

  it('finds published names and aliases', () => {
    expect(ids(person('Vladimir Vladimirovich PUTIN'))).toEqual(expect.arrayContaining(['dfat:6678', 'ofac:35096']));
    expect(ids(person('Usama bin Laden'))).toContain('ofac:6365');
    expect(ids(person('Muammar Gadhafi'))).toContain('ofac:12606');
    expect(ids(person('Qasem Soleimani'))).toContain('ofac:10481');
    expect(ids(organisation('Hamas'))).toEqual(expect.arrayContaining(['dfat:276', 'ofac:4695']));
  });
});
