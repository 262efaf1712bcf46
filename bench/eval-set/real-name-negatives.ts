import type { SeededRandom } from '../seeded-random';
import type { EvalItem } from './eval-item';
import { ListedNameSets } from './listed-name-sets';
import { plainKey, scriptOf } from './plain-name';
import type { RealName } from './real-name-sources';

/**
 * Real names of people and organisations nobody listed, as published: left out only when the
 * containment rule of `ListedNameSets` finds a listed namesake. Parliamentarians' names (every
 * script) are negatives only for an index without the PEP list (`scope: without_pep`), and their
 * non-Latin labels are positives for one with it (`pepPositives`).
 */
export function realNameNegatives(
  people: readonly RealName[],
  organisations: readonly RealName[],
  politicians: readonly RealName[],
  listed: ListedNameSets,
  random: SeededRandom,
  organisationSample: number,
): EvalItem[] {
  const items: EvalItem[] = [];
  const taken = new Set<string>();
  const offer = (real: RealName, group: string, entityType: 'person' | 'organisation', scope: EvalItem['scope'] = 'sanctions') => {
    const key = `${entityType}|${plainKey(real.name)}`;
    if (taken.has(key) || listed.isNamesake(real.name, entityType)) return;
    taken.add(key);
    items.push({
      label: 'no_match',
      group,
      script: scriptOf(real.name),
      scope,
      query: { name: real.name, entityType },
      expected: [],
      acceptable: [],
      from: real.source,
      splitKey: real.identity,
    });
  };
  for (const person of people) offer(person, 'register_person', 'person');
  const registers = organisations.filter((o) => o.source !== 'ato_company');
  const ato = random.shuffled(organisations.filter((o) => o.source === 'ato_company')).slice(0, Math.max(0, organisationSample - registers.length));
  for (const organisation of [...registers, ...ato]) offer(organisation, 'register_organisation', 'organisation');
  for (const politician of politicians) offer(politician, 'politician_name', 'person', 'without_pep');
  return items;
}

/**
 * Negatives that are namesakes of a parliamentarian (by the same containment rule) hold only for an
 * index without the PEP list: "ANDERSON, GAVIN JOHN" against the MP John Anderson.
 */
export function markPepNamesakes(items: EvalItem[], politicians: readonly RealName[]): void {
  const pepNames = new ListedNameSets(
    politicians.map((p) => ({
      id: p.identity,
      indexed: true,
      kind: 'person' as const,
      names: [{ name: p.name, type: 'primary', weak: false }],
      birthYears: new Set<number>(),
      unReference: null,
      identifiers: new Set<string>(),
      nationalities: [],
    })),
  );
  for (const item of items) {
    if (item.label === 'no_match' && item.scope === 'sanctions' && item.query.entityType === 'person' && pepNames.isNamesake(item.query.name, 'person')) {
      item.scope = 'without_pep';
    }
  }
}

/**
 * With the PEP list indexed by its Latin names only (the evaluation strips the rest), each
 * parliamentarian's labels in other scripts must find them: cross-script positives. Only for the
 * parliamentarians the list holds (`listed`: the people of the term files the loader reads), not for
 * everyone `names.csv` names, whom no index of those terms can find.
 */
export function pepPositives(politicians: readonly RealName[], listed: ReadonlySet<string>): EvalItem[] {
  return politicians
    .filter((p) => scriptOf(p.name) !== 'latin' && listed.has(p.identity))
    .map((p) => ({
      label: 'match' as const,
      group: 'pep_cross_script',
      script: scriptOf(p.name),
      scope: 'with_pep' as const,
      query: { name: p.name, entityType: 'person' as const },
      expected: [`everypolitician:${p.identity.slice('ep|'.length)}`],
      acceptable: [],
      from: 'everypolitician names.csv',
      splitKey: p.identity,
    }));
}
