import { parseDfatList } from '../../src/sources/dfat/parse';
import { parseEveryPoliticianFolder } from '../../src/sources/everypolitician/parse';
import type { ListedEntity, ParseEvent, ParseProblem } from '../../src/sources/listed-entity';
import { parseOfacList } from '../../src/sources/ofac/parse';
import { parseOpenSanctionsSimpleCsv } from '../../src/sources/opensanctions/parse';
import { parseUnList } from '../../src/sources/un/parse';
import { sharedDataPath } from '../support/shared-data';

/** One thing checked on a full list: what was expected, what was found. */
export interface Check {
  what: string;
  expected: unknown;
  found: unknown;
}

async function drain(events: AsyncIterable<ParseEvent>): Promise<{ entities: ListedEntity[]; problems: ParseProblem[] }> {
  const entities: ListedEntity[] = [];
  const problems: ParseProblem[] = [];
  for await (const event of events) {
    if ('entity' in event) entities.push(event.entity);
    else problems.push(event.problem);
  }
  return { entities, problems };
}

const list = (...parts: string[]) => sharedDataPath('lists', ...parts);
const memberships = (e: ListedEntity) => (e.positions ?? []).filter((p) => p.kind === 'membership');

/**
 * Every full published list parsed by its loader, against the counts the publisher states (see the
 * shared data README) or that were counted independently with Python's csv module. The loader tests
 * run on small cuts; this is what says no row of a real list is lost.
 */
export async function loaderCountChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const dfat = await drain(parseDfatList(list('dfat', 'consolidated-2026-02-24.xlsx')));
  checks.push({ what: 'DFAT 2026-02-24: references', expected: 3811, found: dfat.entities.length });
  const regulation8 = await drain(parseDfatList(list('dfat', 'regulation8_consolidated-2024-11-11.xlsx')));
  checks.push({ what: 'DFAT regulation 8 2024-11-11: references', expected: 3062, found: regulation8.entities.length });

  const un = await drain(parseUnList(list('un', 'consolidated-2026-02-27.xml')));
  checks.push({ what: 'UN 2026-02-27: individuals', expected: 730, found: un.entities.filter((e) => e.kind === 'person').length });
  checks.push({ what: 'UN 2026-02-27: entities', expected: 273, found: un.entities.filter((e) => e.kind === 'organisation').length });

  const ofac = await drain(parseOfacList({ sdn: list('ofac', 'sdn-2024-05-03.csv'), alt: list('ofac', 'alt-2026-06.csv'), add: list('ofac', 'add-2026-06.csv') }));
  checks.push({ what: 'OFAC SDN 2024-05-03: entries', expected: 14965, found: ofac.entities.length });
  checks.push({
    what: 'OFAC: problems other than newer ALT/ADD rows joining no SDN entry',
    expected: [],
    found: ofac.problems.filter((p) => !p.message.endsWith('has no SDN entry')).map((p) => p.message),
  });

  const opensanctions = await drain(parseOpenSanctionsSimpleCsv(list('opensanctions', 'ua_war_sanctions-targets.simple-2026-03-13.csv')));
  checks.push({ what: 'OpenSanctions ua_war_sanctions 2026-03-13: targets', expected: 5600, found: opensanctions.entities.length });
  checks.push({ what: 'OpenSanctions: problems', expected: [], found: opensanctions.problems.map((p) => p.message) });

  // Counted with Python's csv module from the files: 379 chamber UUIDs with a term row, 4 of them the
  // second UUID of someone in both chambers, and 107 UUIDs found only in positions.csv.
  const pep = await drain(parseEveryPoliticianFolder(list('pep', 'everypolitician-au')));
  const merged = pep.entities.filter((e) => e.identifiers.filter((i) => i.type === 'everypolitician').length === 2);
  checks.push(
    { what: 'EveryPolitician: problems', expected: [], found: pep.problems.map((p) => p.message) },
    { what: 'EveryPolitician: people', expected: 375 + 107, found: pep.entities.length },
    { what: 'EveryPolitician: people with a membership', expected: 375, found: pep.entities.filter((e) => memberships(e).length > 0).length },
    { what: 'EveryPolitician: people with a Wikidata id (7 term-row people have none)', expected: 368, found: pep.entities.filter((e) => e.identifiers.some((i) => i.type === 'wikidata')).length },
    { what: 'EveryPolitician: merged across chambers', expected: ['Barnaby Joyce', 'David Feeney', "Deborah O'Neill", 'Matt Thistlethwaite'], found: merged.map((e) => e.primaryName).sort() },
    { what: 'EveryPolitician: chamber UUIDs in the 45th Parliament', expected: 241, found: pep.entities.filter((e) => memberships(e).some((p) => p.term === 45)).length },
    { what: 'EveryPolitician: people without a position', expected: 0, found: pep.entities.filter((e) => (e.positions ?? []).length === 0).length },
  );
  return checks;
}
