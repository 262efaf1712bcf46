/**
 * Writes the dated snapshot of the public sanctions lists that `npm start` loads on a first start when
 * the official URLs cannot be reached (`snapshots/lists/`): DFAT's workbook as published (already a
 * ZIP container), UN's XML and OFAC's three CSV files gzipped, and `manifest.json` naming each file's
 * publisher, publication date and licence. The input is the shared data folder (optional input to the
 * project: `--from <folder>`, by default `../shared/data/lists` beside the repository).
 *
 *   npm run snapshot:lists [-- --from <folder>]
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LIST_SNAPSHOT_DIR, type ListSnapshotManifest } from '../src/modules/watchlists/list-snapshot';

const fromFlag = process.argv.indexOf('--from');
const from = resolve(fromFlag > 0 ? process.argv[fromFlag + 1]! : join(__dirname, '..', '..', 'shared', 'data', 'lists'));
if (!existsSync(from)) {
  process.stderr.write(`no list folder at ${from}: pass --from <folder> holding dfat/, un/ and ofac/ as in the shared data\n`);
  process.exit(2);
}

const gzip = (input: string, output: string) => writeFileSync(join(LIST_SNAPSHOT_DIR, output), gzipSync(readFileSync(join(from, input)), { level: 9 }));

copyFileSync(join(from, 'dfat/consolidated-2026-02-24.xlsx'), join(LIST_SNAPSHOT_DIR, 'dfat-consolidated-2026-02-24.xlsx'));
gzip('un/consolidated-2026-02-27.xml', 'un-consolidated-2026-02-27.xml.gz');
gzip('ofac/sdn-2024-05-03.csv', 'ofac-sdn-2024-05-03.csv.gz');
gzip('ofac/alt-2026-06.csv', 'ofac-alt-2026-06.csv.gz');
gzip('ofac/add-2026-06.csv', 'ofac-add-2026-06.csv.gz');

const manifest: ListSnapshotManifest = {
  note: 'Copies of official publications, kept so a first start can screen without network access. Each list is replaced by the official download at its first successful scheduled refresh.',
  lists: {
    dfat: {
      publisher: 'Australian Government, Department of Foreign Affairs and Trade: Consolidated Sanctions List',
      url: 'https://www.dfat.gov.au/international-relations/security/sanctions/consolidated-list',
      published: '2026-02-24',
      licence: 'Creative Commons Attribution 4.0 International (DFAT website content, unless marked otherwise)',
      file: 'dfat-consolidated-2026-02-24.xlsx',
    },
    un: {
      publisher: 'United Nations Security Council: Consolidated United Nations Security Council Sanctions List',
      url: 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list',
      published: '2026-02-27',
      licence: 'United Nations public information, published for use by States and the public',
      file: 'un-consolidated-2026-02-27.xml.gz',
    },
    ofac: {
      publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control: SDN list (SDN.CSV, ALT.CSV, ADD.CSV)',
      url: 'https://ofac.treasury.gov/specially-designated-nationals-and-blocked-persons-list-sdn-human-readable-lists',
      published: '2024-05-03',
      licence: 'A work of the United States Government: public domain in the United States (17 U.S.C. 105)',
      file: 'ofac-sdn-2024-05-03.csv.gz',
      alt: 'ofac-alt-2026-06.csv.gz',
      add: 'ofac-add-2026-06.csv.gz',
    },
  },
};
writeFileSync(join(LIST_SNAPSHOT_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(`snapshot written to ${LIST_SNAPSHOT_DIR}\n`);
