/**
 * The EveryPolitician loader: Australian federal parliamentarians as domestic PEPs, from a country
 * folder (`Representatives/`, `Senate/`) or one chamber folder in EveryPolitician's CSV layout.
 */
import { basename } from 'node:path';
import type { ParseEvent, ParseProblem } from '../listed-entity';
import { type CsvRow, readCsvTable, REQUIRED_COLUMNS } from './csv-table';
import { type ChamberFiles, findChamberFolders } from './layout';
import { mapPerson } from './map';
import { type ChamberPerson, groupChamberRows, mergeByWikidata } from './people';

/**
 * Streams one entity per person (list kind `pep`, kind `person`) and every problem with its file and
 * line. The files are small (a few thousand rows), so all are read before the first entity: a person's
 * rows are spread over several term files, two chambers, names.csv and positions.csv. A folder with no
 * term files, or a file missing a needed column, is UnexpectedFormatError before anything is yielded.
 */
export async function* parseEveryPoliticianFolder(path: string): AsyncIterable<ParseEvent> {
  const problems: ParseProblem[] = [];
  const people: ChamberPerson[] = [];
  for (const chamber of await findChamberFolders(path)) people.push(...(await readChamber(chamber, problems)));
  for (const problem of problems) yield { problem };
  for (const group of mergeByWikidata(people)) {
    const { entity, problems: found } = mapPerson(group);
    for (const problem of found) yield { problem };
    if (entity) yield { entity };
  }
}

async function readChamber(chamber: ChamberFiles, problems: ParseProblem[]): Promise<ChamberPerson[]> {
  const label = (file: string) => `${chamber.folder}/${basename(file)}`;
  const terms: { row: CsvRow; term: number }[] = [];
  for (const file of chamber.terms) {
    for (const row of await readCsvTable(file.path, label(file.path), REQUIRED_COLUMNS.term, problems)) terms.push({ row, term: file.term });
  }
  const offices = chamber.positions ? await readCsvTable(chamber.positions, label(chamber.positions), REQUIRED_COLUMNS.positions, problems) : [];
  const names = chamber.names ? await readCsvTable(chamber.names, label(chamber.names), REQUIRED_COLUMNS.names, problems) : [];
  if (!chamber.names) problems.push({ location: chamber.folder, message: 'no names.csv: only the names in the term and positions files are loaded' });
  if (!chamber.positions) problems.push({ location: chamber.folder, message: 'no positions.csv: offices (minister, Speaker...) are not loaded' });
  return groupChamberRows(chamber.folder, { terms, offices, names }, problems);
}
