import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { joinRecords, rawRecords } from './cut-fixtures/csv-lines';
import { sharedDataFolder } from './shared-data-folder';

/**
 * Cuts the EveryPolitician fixtures the PEP loader tests run on from the shared copy
 * (EVERYPOLITICIAN_DIR, else `lists/pep/everypolitician-au` of the shared data folder: optional
 * input, needed only to redo the cut): every row of each chosen
 * person's chamber UUID from every term file, positions.csv and names.csv, byte for byte, in the same
 * folder layout. The people cover what the loader must handle:
 *
 * - Barnaby Joyce: a senator (43rd) then a member (44th, 45th, with the 2017 by-election gap): two
 *   UUIDs, one Wikidata id, names in Cyrillic, Hebrew, Japanese, Chinese and Korean.
 * - Cory Bernardi: left the Liberal Party for the Australian Conservatives on 2017-02-07.
 * - Tony Smith (Speaker, `SPK`) and Stephen Parry (Deputy President then President, `DPRES`/`PRES`).
 * - Julie Bishop and Penny Wong: names in Arabic, Persian, Bengali, Sinhala, Han and Hangul; offices.
 * - Alexander Downer: in positions.csv and names.csv only (an office holder before the 43rd Parliament).
 * - Joe Hockey and Mitch Fifield: the rows whose end date is a quoted empty string.
 *
 *
 * It also writes every distinct name of both chambers' names.csv, one a line (1,710 names in many
 * scripts), for the tests that need honest traffic of real names rather than the people above.
 *
 *   npx tsx scripts/everypolitician-fixtures.ts
 */
const PEOPLE: Record<'Representatives' | 'Senate', Record<string, string>> = {
  Representatives: {
    '3ff42d8e-38ab-4ac0-bb07-f7205470544a': 'Barnaby Joyce',
    'eee6e93f-7522-409b-8def-130ae7d972ad': 'Tony Smith',
    '237da068-da81-4edb-b4cf-4745ddd5a808': 'Julie Bishop',
    '88f68da4-88de-402e-b5e7-103a8cb7e23d': 'Alexander Downer',
    '68860e72-4069-45f5-a899-e1b717ae41ac': 'Joe Hockey',
  },
  Senate: {
    'b7aa3154-8a36-48a2-b600-1d170b41bca0': 'Barnaby Joyce',
    '507def8c-f3fd-4be5-8937-4ceaa26520ae': 'Cory Bernardi',
    '39dd4c49-f329-4fb3-976d-fd8cbb563b9f': 'Stephen Parry',
    '824ec8ce-676f-45fa-ace6-73503dd0ff20': 'Penny Wong',
    'e930bdf9-1e7b-472b-adb2-9816c9f1cef8': 'Mitch Fifield',
  },
};

const FILES = ['term-43.csv', 'term-44.csv', 'term-45.csv', 'positions.csv', 'names.csv'];

function main(): void {
  const root = resolve(__dirname, '..');
  const sharedDir = sharedDataFolder('EVERYPOLITICIAN_DIR', 'lists/pep/everypolitician-au');
  const outDir = resolve(root, 'test/fixtures/lists/everypolitician');
  const report: string[] = [];
  const allNames = new Set<string>();
  for (const [chamber, people] of Object.entries(PEOPLE)) {
    mkdirSync(join(outDir, chamber), { recursive: true });
    for (const file of FILES) {
      const records = rawRecords(readFileSync(join(sharedDir, chamber, file), 'utf8'));
      const header = records[0]!;
      const idColumn = header.fields.indexOf('id');
      if (idColumn < 0) throw new Error(`${chamber}/${file} has no id column`);
      const kept = records.slice(1).filter((record) => people[record.fields[idColumn] ?? ''] !== undefined);
      writeFileSync(join(outDir, chamber, file), joinRecords([header, ...kept], '\n'));
      report.push(`${chamber}/${file}: ${kept.length} rows`);
      if (file === 'names.csv') {
        const nameColumn = header.fields.indexOf('name');
        for (const record of records.slice(1)) if (record.fields[nameColumn]) allNames.add(record.fields[nameColumn]);
      }
    }
  }
  writeFileSync(`${outDir}-names.txt`, [...allNames].map((name) => `${name}\n`).join(''));
  report.push(`everypolitician-names.txt: ${allNames.size} names`);
  process.stdout.write(`${report.join('\n')}\n`);
}

main();
