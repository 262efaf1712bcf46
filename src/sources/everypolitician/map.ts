/**
 * One listed PEP from everything EveryPolitician publishes about a person: the name of their latest
 * term row, every name variant (names.csv labels in many scripts, official styles such as "Senator the
 * Hon …"), gender, the Wikidata id, and every seat and office as a position with its dates.
 */
import { cleanValue } from '../common/clean-text';
import { ListedEntityBuilder } from '../common/listed-entity-builder';
import type { ListedEntity, ListedPosition, ParseProblem } from '../listed-entity';
import { SOURCE } from './layout';
import type { ChamberPerson } from './people';
import { comparePositions, membershipOf, officeOf } from './positions';
import { ordinal } from './terms';

export interface PersonResult {
  entity: ListedEntity | null;
  problems: ParseProblem[];
}

/**
 * The entity for one person (one or more chamber UUIDs with the same Wikidata id). The source id is the
 * UUID of the first chamber in folder order (Representatives before Senate), stable between versions.
 */
export function mapPerson(chambers: ChamberPerson[]): PersonResult {
  const first = chambers[0]!;
  const problems: ParseProblem[] = [];
  const entity = new ListedEntityBuilder(SOURCE, first.uuid, 'person', 'pep');
  const positions: ListedPosition[] = [];
  const genders = new Set<string>();
  const bodies = new Set<string>();
  const terms = new Set<number>();
  entity.setPrimaryName(latestName(chambers));
  for (const person of chambers) {
    entity.addIdentifier('everypolitician', person.uuid);
    for (const { row, term } of person.terms) {
      entity.addName(row.values.name, 'alias', 'unknown');
      entity.addIdentifier('wikidata', validQid(row.values.wikidata));
      const gender = cleanValue(row.values.gender)?.toLowerCase();
      if (gender) genders.add(gender);
      const { position, problems: found } = membershipOf(row, term);
      found.forEach((message) => problems.push({ location: row.location, message }));
      if (position) {
        positions.push(position);
        bodies.add(cleanValue(row.values.chamber) ?? person.folder);
        terms.add(position.term!);
      }
    }
    for (const row of person.offices) {
      entity.addName(row.values.name, 'alias', 'unknown');
      const { position, problems: found } = officeOf(row);
      found.forEach((message) => problems.push({ location: row.location, message }));
      if (position) positions.push(position);
    }
    for (const row of person.names) {
      if (cleanValue(row.values.name) === null) problems.push({ location: row.location, message: 'row has no name' });
      entity.addName(row.values.name, 'alias', 'unknown');
    }
  }
  entity.gender = genderOf(genders, first, problems);
  entity.addCountry('AU');
  [...bodies].sort().forEach((body) => entity.addProgramme(body));
  positions.sort(comparePositions).forEach((position) => entity.addPosition(position));
  entity.remarks = remarksOf([...bodies].sort(), [...terms].sort((a, b) => a - b));
  const built = entity.build();
  if (built === null) problems.push({ location: `${first.folder} id ${first.uuid}`, message: 'person has no name in any row' });
  return { entity: built, problems };
}

/** The name on the person's latest term row (their current name), else on an office or names row. */
function latestName(chambers: ChamberPerson[]): string | null {
  const termRows = chambers.flatMap((p) => p.terms).sort((a, b) => a.term - b.term);
  for (const { row } of termRows.reverse()) {
    const name = cleanValue(row.values.name);
    if (name !== null) return name;
  }
  for (const row of chambers.flatMap((p) => [...p.offices, ...p.names])) {
    const name = cleanValue(row.values.name);
    if (name !== null) return name;
  }
  return null;
}

function validQid(value: string | undefined): string | null {
  const qid = cleanValue(value);
  return qid !== null && /^Q\d+$/.test(qid) ? qid : null;
}

function genderOf(genders: Set<string>, first: ChamberPerson, problems: ParseProblem[]): 'M' | 'F' | null {
  if (genders.size > 1) problems.push({ location: `${first.folder} id ${first.uuid}`, message: `rows disagree on gender (${[...genders].join(', ')}): left unknown` });
  if (genders.size !== 1) return null;
  const gender = [...genders][0];
  return gender === 'male' ? 'M' : gender === 'female' ? 'F' : null;
}

/** One line for reviewers: which chambers and Parliaments the data shows, and how old it is. */
function remarksOf(bodies: string[], terms: number[]): string {
  const held = bodies.length === 0 ? 'Held Australian public office' : `Australian federal parliamentarian (${bodies.join(' and ')}, ${termRange(terms)})`;
  return `${held}, per EveryPolitician (CC0), which stopped updating in 2019: positions after that are not shown.`;
}

function termRange(terms: number[]): string {
  if (terms.length === 1) return `${ordinal(terms[0]!)} Parliament`;
  const contiguous = terms.every((term, i) => i === 0 || term === terms[i - 1]! + 1);
  if (!contiguous) return `${terms.map(ordinal).join(', ')} Parliaments`;
  return `${ordinal(terms[0]!)}–${ordinal(terms[terms.length - 1]!)} Parliaments`;
}
