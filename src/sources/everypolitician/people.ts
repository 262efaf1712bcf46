/**
 * From EveryPolitician rows to people. Each chamber gives its people their own UUIDs, shared by that
 * chamber's term, positions and names files; someone who sat in both chambers (Barnaby Joyce moved from
 * the Senate to the House in 2013) has two UUIDs but one Wikidata id, and is one person to a screener.
 */
import { cleanValue } from '../common/clean-text';
import type { ParseProblem } from '../listed-entity';
import type { CsvRow } from './csv-table';

/** One chamber's rows for one UUID. */
export interface ChamberPerson {
  folder: string;
  uuid: string;
  /** Term rows with the term of the file they came from, in term order. */
  terms: { row: CsvRow; term: number }[];
  offices: CsvRow[];
  names: CsvRow[];
}

/** Every UUID of one chamber that has a term row or an office; names attach only to those. */
export function groupChamberRows(
  folder: string,
  rows: { terms: { row: CsvRow; term: number }[]; offices: CsvRow[]; names: CsvRow[] },
  problems: ParseProblem[],
): ChamberPerson[] {
  const people = new Map<string, ChamberPerson>();
  const person = (uuid: string) => {
    let found = people.get(uuid);
    if (!found) people.set(uuid, (found = { folder, uuid, terms: [], offices: [], names: [] }));
    return found;
  };
  const idOf = (row: CsvRow) => {
    const id = cleanValue(row.values.id);
    if (id === null) problems.push({ location: row.location, message: 'row has no id' });
    return id;
  };
  for (const term of rows.terms) {
    const id = idOf(term.row);
    if (id !== null) person(id).terms.push(term);
  }
  for (const office of rows.offices) {
    const id = idOf(office);
    if (id !== null) person(id).offices.push(office);
  }
  // names.csv also covers people of Parliaments not loaded here (no term row, no office): not PEPs by
  // anything this data shows, so their names are not loaded.
  for (const name of rows.names) {
    const id = idOf(name);
    if (id !== null) people.get(id)?.names.push(name);
  }
  return [...people.values()];
}

/**
 * People across chambers: chamber UUIDs whose term rows carry the same Wikidata id are one person.
 * People without a Wikidata id stay as their chamber published them.
 */
export function mergeByWikidata(people: ChamberPerson[]): ChamberPerson[][] {
  const byWikidata = new Map<string, ChamberPerson[]>();
  const merged: ChamberPerson[][] = [];
  for (const person of people) {
    const qid = wikidataOf(person);
    if (qid === null) {
      merged.push([person]);
      continue;
    }
    const group = byWikidata.get(qid);
    if (group) group.push(person);
    else {
      const fresh = [person];
      byWikidata.set(qid, fresh);
      merged.push(fresh);
    }
  }
  return merged;
}

/** The person's Wikidata QID: the first one its term rows give. */
export function wikidataOf(person: ChamberPerson): string | null {
  for (const { row } of person.terms) {
    const qid = cleanValue(row.values.wikidata);
    if (qid !== null && /^Q\d+$/.test(qid)) return qid;
  }
  return null;
}
