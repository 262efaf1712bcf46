import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_THRESHOLD, MatchIndex, type MatchQuery } from '../../../src/matching';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

const putin = listedEntity({ source: 'dfat', sourceId: '6678', primaryName: 'Vladimir Vladimirovich PUTIN' });
const qadhafi = listedEntity({
  source: 'un',
  sourceId: 'LYi.011',
  primaryName: 'Muammar Mohammed Abu Minyar QADHAFI',
  aliases: [alias('Moammar Gaddafi')],
});
const binLaden = listedEntity({ source: 'ofac', sourceId: '6365', primaryName: 'BIN LADIN, Usama bin Muhammad bin Awad' });
const abdulrahman = listedEntity({ primaryName: 'Abdulrahman Mohammed AL-ZAYDI' });
const abdulRahman = listedEntity({ primaryName: 'Abdul Rahman YASIN' });
const rosneft = listedEntity({ kind: 'organisation', primaryName: 'Open Joint Stock Company Rosneft Oil Company', aliases: [alias('ROSNEFT')] });
const index = MatchIndex.build([...backgroundPopulation(), putin, qadhafi, binLaden, abdulrahman, abdulRahman, rosneft]);

const person = (name: string): MatchQuery => ({ name, entityType: 'person' });
const best = (query: MatchQuery) => index.search(query).matches[0];

describe('name scoring', () => {
  it('scores a listed name written exactly as listed 1 and calls it exact', () => {
    expect(best(person('Vladimir Vladimirovich Putin'))).toMatchObject({ entityId: 'dfat:6678', score: 1, matchKind: 'exact' });
  });

  it('matches whatever the order of the name parts', () => {
    expect(best(person('PUTIN, Vladimir Vladimirovich'))).toMatchObject({ entityId: 'dfat:6678', score: 1, matchKind: 'reordered' });
    expect(best(person('Usama bin Muhammad bin Awad BIN LADIN'))?.entityId).toBe('ofac:6365');
  });

  it('matches when the query leaves out a middle name', () => {
    const match = best(person('Vladimir Putin'));
    expect(match).toMatchObject({ entityId: 'dfat:6678', matchKind: 'partial' });
    expect(match!.score).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
  });

  it('counts middle names the listed name lacks less than an extra name at either end', () => {
    const score = (name: string) => index.search(person(name), { threshold: 0.5 }).matches.find((m) => m.entityId === 'dfat:6678')?.score ?? 0;
    // "Sergeyevich Ivanovich" between matched parts are middle names; after them, another person's names.
    const middle = score('Vladimir Sergeyevich Ivanovich Putin');
    expect(middle).toBeGreaterThan(score('Vladimir Putin Sergeyevich Ivanovich'));
    expect(middle).toBeGreaterThan(score('Sergeyevich Ivanovich Vladimir Putin'));
  });

  it('forgives the half of a double-barrelled surname the listed name lacks, not another surname', () => {
    const jafari = listedEntity({ source: 'dfat', sourceId: '1950', primaryName: 'Mohammad Ali JAFARI' });
    const local = MatchIndex.build([...backgroundPopulation(), jafari]);
    const score = (name: string) => local.search(person(name), { threshold: 0.3 }).matches.find((m) => m.entityId === 'dfat:1950')?.score ?? 0;
    expect(score('Mohammad Ali JAFARI-NAJAFABADI')).toBeGreaterThan(score('Mohammad Ali JAFARI NAJAFABADI'));
    expect(score('Mohammad Ali JAFARI-NAJAFABADI')).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
  });

  it('matches when the query has a given name as an initial', () => {
    const match = best(person('V. Putin'));
    expect(match?.entityId).toBe('dfat:6678');
    expect(match?.explanation.pairings).toContainEqual(expect.objectContaining({ query: 'v', listed: 'vladimir', how: 'initial' }));
  });

  it('counts a given name met only by a listed initial at its own weight, half met', () => {
    const chataev = listedEntity({ source: 'ofac', sourceId: '18648', primaryName: 'A.R. CHATAEV' });
    const withInitials = MatchIndex.build([...backgroundPopulation(), chataev]);
    const match = withInitials.search(person('Abudu CHATAYEV'), { threshold: 0.5 }).matches.find((m) => m.entityId === 'ofac:18648');
    expect(match?.explanation.pairings).toContainEqual(expect.objectContaining({ query: 'abudu', listed: 'a', how: 'initial' }));
    // "A." confirms a letter of "Abudu", not the name: the query is not nearly all covered.
    expect(match!.explanation.components.queryCoverage).toBeLessThan(0.8);
    expect(match!.score).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
    expect(withInitials.search(person('Ahmed CHATAEV')).matches.map((m) => m.entityId)).toContain('ofac:18648');
  });

  it('forgives a typo in a name', () => {
    const match = best(person('Vladimir Vladimriovich Putin'));
    expect(match?.entityId).toBe('dfat:6678');
    expect(match?.matchKind).toBe('fuzzy');
  });

  it('meets transliteration variants of Arabic names', () => {
    expect(best(person('Moamar Kadhafi'))?.entityId).toBe('un:LYi.011');
    expect(best(person('Muammar Gaddafi'))?.entityId).toBe('un:LYi.011');
    expect(best(person('Osama bin Mohammed bin Awad bin Laden'))?.entityId).toBe('ofac:6365');
  });

  it('meets a name written as one word or as two', () => {
    expect(best(person('Abdul Rahman Mohammed al-Zaydi'))?.entityId).toBe(abdulrahman.source + ':' + abdulrahman.sourceId);
    const split = best(person('Abdulrahman Yasin'));
    expect(split?.entityId).toBe(`${abdulRahman.source}:${abdulRahman.sourceId}`);
    expect(split?.explanation.pairings).toContainEqual(expect.objectContaining({ query: 'abdulrahman', listed: 'abdul rahman', how: 'split' }));
  });

  it('does not read one word as two when it lacks the whole second word', () => {
    const wu = listedEntity({ source: 'ofac', sourceId: '30516', primaryName: 'Weihua WU' });
    const local = MatchIndex.build([...backgroundPopulation(), wu]);
    // "weihua" rates 0.95 against "weihuawu" by its shared start; it is Weihua without Wu.
    const [match] = local.search(person('Weihua RI'), { threshold: 0.3 }).matches;
    expect(match?.explanation.pairings.map((p) => p.how)).not.toContain('split');
    expect(match?.score ?? 0).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
  });

  it('meets names written in Cyrillic through transliteration', () => {
    expect(best(person('Владимир Владимирович Путин'))?.entityId).toBe('dfat:6678');
  });

  it('matches an organisation on its distinctive name whatever its legal form', () => {
    expect(best({ name: 'Rosneft Oil Company PJSC', entityType: 'organisation' })?.entityId).toBe(rosneft.source + ':' + rosneft.sourceId);
    expect(best({ name: 'Rosneft', entityType: 'organisation' })?.matchKind).toBe('exact');
  });

  it('returns one match per entity, from its best-matching name', () => {
    const matches = index.search(person('Moammar Gaddafi')).matches.filter((m) => m.entityId === 'un:LYi.011');
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ matchedName: 'Moammar Gaddafi', matchedNameType: 'alias', primaryName: qadhafi.primaryName });
  });

  it('finds nothing for an empty or punctuation-only name', () => {
    expect(index.search(person(' -- ')).matches).toEqual([]);
  });
});

describe('name scoring properties', () => {
  const syllables = ['ka', 'ro', 'mi', 'zu', 'te', 'lan', 'vor', 'shi', 'dek', 'pol', 'mar', 'ni', 'gus', 'bre'];
  const word = fc.array(fc.constantFrom(...syllables), { minLength: 2, maxLength: 4 }).map((parts) => parts.join(''));
  const name = fc.uniqueArray(word, { minLength: 2, maxLength: 4 }).map((words) => words.join(' '));

  it('finds every listed name searched as listed, in any order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 8 }), fc.nat(), (names, pick) => {
        const entities = names.map((n, i) => listedEntity({ source: 'un', sourceId: `P${i}`, primaryName: n }));
        const built = MatchIndex.build([...backgroundPopulation(), ...entities]);
        const target = pick % names.length;
        const reversed = names[target]!.split(' ').reverse().join(' ');
        for (const query of [names[target]!, reversed]) {
          const ids = built.search(person(query)).matches.map((m) => m.entityId);
          expect(ids).toContain(`un:P${target}`);
        }
      }),
      { numRuns: 40 },
    );
  });
});
