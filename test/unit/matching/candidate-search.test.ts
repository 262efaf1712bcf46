import { describe, expect, it } from 'vitest';
import { CandidateSearch, type CandidateSearchOptions } from '../../../src/matching/index/candidate-search';
import { KIND_CODES, type NameTable } from '../../../src/matching/index/name-table';
import { buildNameTable } from '../../../src/matching/index/name-table-build';
import { nameShapes, SHAPES } from '../../../src/matching/index/name-shapes';
import { prepareQuery, type PreparedQuery } from '../../../src/matching/index/prepared-query';
import { queryLookupsOf } from '../../../src/matching/index/query-lookups';
import { alignName, type Alignment } from '../../../src/matching/score/name-alignment';
import { WorseShares } from '../../../src/matching/score/middle-names';
import { isNearExactName } from '../../../src/matching/score/type-mismatch';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

const PEOPLE = 1 << KIND_CODES.indexOf('person');
const EVERY_KIND = (1 << KIND_CODES.length) - 1;

/** Listed people with one, two and three name parts, so a two-part query meets names it covers only half of. */
function population(): ReturnType<typeof buildNameTable> {
  return buildNameTable([
    ...backgroundPopulation(),
    listedEntity({ primaryName: 'Hasan' }),
    listedEntity({ primaryName: 'Hasan Karimov' }),
    listedEntity({ primaryName: 'Mohammed Hasan' }),
    listedEntity({ primaryName: 'Mohammed Ali Hasan', aliases: [alias('M. Hasan'), alias('Mohammedhasan')] }),
    listedEntity({ primaryName: 'Hassan Mohamed Rashid' }),
    listedEntity({ primaryName: 'Mohammad Ali JAFARI' }),
    listedEntity({ primaryName: 'Li Wei Chen' }),
    listedEntity({ primaryName: 'Omar' }),
    listedEntity({ primaryName: 'Mohammed Hasan Ali Rashid' }),
    listedEntity({ primaryName: 'Muhammad Mohammed' }),
    listedEntity({ primaryName: 'Hamad El Khairy' }),
    listedEntity({ primaryName: 'محمد الله ماتی', aliases: [alias('Mohammed Allah Mati')] }),
    listedEntity({ kind: 'organisation', primaryName: 'Groupe Islamique Combattant Marocain' }),
    listedEntity({ kind: 'organisation', primaryName: 'Groupement Islamique Arme' }),
    listedEntity({ kind: 'organisation', primaryName: 'Hasan Trading LLC' }),
    listedEntity({ kind: 'organisation', primaryName: 'Groupe Zarya' }),
    listedEntity({ primaryName: 'Salim Haddad' }),
    listedEntity({ primaryName: 'EL HARRACHI' }),
    listedEntity({ primaryName: 'Saqar AL-JADAWI' }),
    listedEntity({ primaryName: 'Hikmat Mizban Ibrahim AL-AZZAWI' }),
  ]);
}

const QUERIES = [
  'Mohammed Hasan', 'Hasan Mohammed', 'Muhamad Hasan', 'Mohammed', 'Hasan', 'Mohammed Ali Hasan', 'Mohammed Ali Hassan Rashid',
  'Mohammad Ali JAFARI-NAJAFABADI', 'M. Hasan', 'Hasan Karimov', 'Chen Li Wei', 'Li Wei', 'Omar Saleh', 'Ali Hasan', 'Mohammedhasan',
  'Hasan Trading', 'George John Petrov', 'Mohammed Muhammad Hasan', 'Mohammed Rashid', 'Hasan Ali Rashid', 'M. A. Hasan',
  // "El" ends the query, so it is a surname there, and meets the listed particle no posting records.
  'Khairy Hamada Oud Mohamed El',
  // A quiet word meets a listed name word: "group" the variant "groupe", "la" the skeleton of "llh".
  'The Islamic Group', 'ماٹی الرحمن علـى محمد', 'Zarya Group',
  // One Arabic-script word meets a listed article and noun together, by skeleton.
  'الحراشي', 'صقر الجداوي', 'حكمت مزبان إبراهيم العزاوي',
];

/** What one property check runs: the searches, the contexts, the thresholds, and which aligned names must be found. */
interface DropCheck {
  options: CandidateSearchOptions;
  queries: readonly string[];
  contexts: readonly (readonly ['person' | 'organisation', number])[];
  thresholds: readonly number[];
  everyToken: boolean;
  /** True when the search must return the name (its alignment already at or above the threshold). */
  mustFind: (table: NameTable, query: PreparedQuery, name: number, alignment: Alignment) => boolean;
}

/** Checks every listed name of every query against the alignment itself; returns how many had to be found. */
function expectNoDrops(check: DropCheck): number {
  const table = population();
  const shapes = nameShapes(table);
  const search = new CandidateSearch(table, check.options);
  const { skeletons, variants } = queryLookupsOf(table);
  let accepted = 0;
  for (const text of check.queries) {
    for (const [context, kinds] of check.contexts) {
      const query = prepareQuery(table, text, context, skeletons, variants);
      for (const threshold of check.thresholds) {
        const found = new Set(search.candidates(query, kinds, threshold, check.everyToken));
        for (let name = 0; name < table.nameEntity.length; name++) {
          if (((1 << table.entityKind[table.nameEntity[name]!]!) & kinds) === 0) continue;
          const shape = SHAPES[shapes[name]!]!;
          const alignment = alignName(table, query, name, shape === 'person' && query.syllabic ? 'syllabic' : shape);
          if (alignment.score < threshold || !check.mustFind(table, query, name, alignment)) continue;
          accepted++;
          expect(found.has(name), `${text} (${context}) at ${threshold} dropped name ${name} scoring ${alignment.score.toFixed(3)}`).toBe(true);
        }
      }
    }
  }
  return accepted;
}

describe('candidate search', () => {
  // Pair postings and the share cut with their defaults are for large indexes: lowered, they are used here.
  it.each([
    ['walking the postings', {}],
    ['opening names by pair postings', { commonFrom: 2, pairFromCost: 1 }],
    ['cutting the costliest walk by listed share', { cutFromCost: 1 }],
    ['cutting it after opening the names of the others', { cutFromCost: 1, helperCostShare: 0.5 }],
    ['with both', { commonFrom: 2, pairFromCost: 1, cutFromCost: 1 }],
  ] as const)('drops no listed name the alignment would score at or above the threshold, %s', (_, options) => {
    const accepted = expectNoDrops({
      options,
      queries: QUERIES,
      contexts: [['person', PEOPLE], ['organisation', EVERY_KIND]],
      thresholds: [0.6, 0.7, 0.8, 0.9],
      everyToken: false,
      mustFind: () => true,
    });
    expect(accepted).toBeGreaterThan(50);
  });

  it.each([
    ['walking the postings', {}],
    ['with pair postings and the share cut', { commonFrom: 2, pairFromCost: 1, cutFromCost: 1 }],
  ] as const)('drops no near-exact name when every token must pair (type mismatches), %s', (_, options) => {
    const accepted = expectNoDrops({
      options,
      queries: [...QUERIES, 'Hasan Karimov', 'Karimov Hasan', 'Groupe Zarya', 'Hasan Trading LLC', 'M. Hasan', 'Mohammed Ali Hasan', 'Salim al Haddad'],
      contexts: [['person', EVERY_KIND], ['organisation', EVERY_KIND]],
      thresholds: [0.9, 0.95],
      everyToken: true,
      mustFind: isNearExactName,
    });
    expect(accepted).toBeGreaterThan(10);
  });

  it('does not open the names that share only one of two common name parts with a query of people', () => {
    const table = population();
    const query = prepareQuery(table, 'Mohammed Hasan', 'person');
    const found = new CandidateSearch(table).candidates(query, PEOPLE, 0.8);
    const names = found.map((name) => table.entities[table.nameEntity[name]!]!.primaryName);
    expect(names).toContain('Mohammed Hasan');
    expect(names).not.toContain('Hasan Karimov');
    expect(names).not.toContain('Hasan');
  });
});

describe('the better coverage share a query of people can get when it is the worse side', () => {
  const table = population();
  const shares = (text: string) => WorseShares.forPeople(prepareQuery(table, text, 'person'));

  it('is 0.5 for two plain name parts, which leave out no middle name', () => {
    expect(shares('Mohammed Hasan').whole).toBe(0.5);
  });

  it('is 0.65 where a part can be a left-out middle name or half of a double-barrelled surname', () => {
    expect(shares('Mohammed Ali Hasan').whole).toBe(0.65);
    expect(shares('JAFARI-NAJAFABADI Mohammad').whole).toBe(0.65);
  });

  it('is 0.5 for a name that can meet only parts with nothing left out between them', () => {
    const threeParts = shares('Mohammed Ali Hasan');
    expect(threeParts.within(0b011)).toBe(0.5); // Mohammed, Ali: Hasan, left out, ends the name
    expect(threeParts.within(0b110)).toBe(0.5);
    expect(threeParts.within(0b101)).toBe(0.65); // Mohammed, Hasan: Ali is a middle name
  });

  it('is the default share when other names than people are searched', () => {
    expect(WorseShares.anyName.within(0b1)).toBe(0.65);
    expect(WorseShares.anyName.whole).toBe(0.65);
  });
});
