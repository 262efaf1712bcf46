import type { MatchQuery } from '../../src/matching';

const person = (name: string): MatchQuery => ({ name, entityType: 'person' });
const organisation = (name: string): MatchQuery => ({ name, entityType: 'organisation' });

/**
 * Every query test/unit/matching/false-positive-traps.test.ts sends. The trap fixture is cut around
 * them (`trap-neighbours.ts`: the listed names that come nearest to each), so the test refuses a query
 * missing from here: add it, re-cut, and the fixture holds its neighbours too.
 */
export const TRAP_QUERIES: readonly MatchQuery[] = [
  ...['Mariah Sanchez', 'Mario Parra Sanchez'].map(person),
  ...['Kim Jong Min', 'Kim Min Jung', '김민정', 'Park Ji Sung', '박지성', 'Lee Min Ho', '이민호', 'Li Wei', '李伟', 'Wang Fang', 'Choi Jong Un', '金正恩'].map(person),
  ...['Kim Jong Un', 'Jong Un Kim', '김정은'].map(person),
  ...['George Bush', 'George W. Bush', 'Mohammed Smith', 'Omar Smith', 'Jing Chen', 'Jong Un Park', 'Emma', 'Emma Watson'].map(person),
  ...['Smith Holdings LLC', 'Trading Company LLC', 'Global Investments Limited', 'International Corp', 'XYZ Trading International Corp', 'Global Trading Company Pty Ltd'].map(organisation),
  organisation('Emma LLC'),
  ...['Vladimir Vladimirovich PUTIN', 'Usama bin Laden', 'Muammar Gadhafi', 'Qasem Soleimani'].map(person),
  organisation('Hamas'),
];

/** Whether the fixture was cut around this query. */
export function isTrapQuery(query: MatchQuery): boolean {
  return TRAP_QUERIES.some((known) => known.name === query.name && known.entityType === query.entityType);
}
