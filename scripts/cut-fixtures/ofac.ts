import { readFileSync, writeFileSync } from 'node:fs';
import { joinRecords, type RawRecord, rawRecords } from './csv-lines';

const EOL = '\r\n';
/** OFAC ends each file with a DOS end-of-file byte; the fixtures keep it so the parser meets it. */
const DOS_EOF = '\x1a';

type Case = readonly [string, (sdn: RawRecord) => boolean, number];

/**
 * Cuts SDN.CSV to entries covering every Remarks statement the loader reads, with their ALT.CSV and
 * ADD.CSV rows, plus two ALT and two ADD rows that join to no SDN entry (as in the real files).
 */
export function cutOfac(sharedDir: string, outDir: string): string[] {
  const read = (name: string) => rawRecords(readFileSync(`${sharedDir}/ofac/${name}`, 'utf8')).filter((r) => r.fields.length > 1);
  const sdn = read('sdn-2024-05-03.csv');
  const alt = read('alt-2026-06.csv');
  const add = read('add-2026-06.csv');
  const entNums = (rows: RawRecord[]) => new Set(rows.map((row) => row.fields[0]));
  const withAlt = entNums(alt);
  const withAdd = entNums(add);
  const withFormerName = entNums(alt.filter((row) => row.fields[2] === 'fka'));
  const remarks = (row: RawRecord) => row.fields[11] ?? '';
  const type = (row: RawRecord) => (row.fields[2] ?? '').trim();
  const cases: Case[] = [
    ['individual with ALT and ADD rows', (r) => type(r) === 'individual' && withAlt.has(r.fields[0]) && withAdd.has(r.fields[0]), 2],
    ['former names in ALT.CSV', (r) => withFormerName.has(r.fields[0]), 1],
    ['DOB, POB and nationality', (r) => /DOB \d\d \w{3} \d{4}; POB .*nationality/.test(remarks(r)), 1],
    ['alt. DOB', (r) => /alt\. DOB/.test(remarks(r)), 1],
    ['DOB circa', (r) => /DOB circa/.test(remarks(r)), 1],
    ['DOB year to year', (r) => /DOB \d{4} to \d{4}/.test(remarks(r)), 1],
    ['DOB date to date', (r) => /DOB \d\d \w{3} \d{4} to/.test(remarks(r)), 1],
    ['DOB month year', (r) => /DOB [A-Z][a-z]{2} \d{4}/.test(remarks(r)), 1],
    ['Gender Female', (r) => /Gender Female/.test(remarks(r)), 1],
    ['citizen', (r) => /citizen [A-Z]/.test(remarks(r)), 1],
    ['weak a.k.a.', (r) => /a\.k\.a\. '/.test(remarks(r)) && type(r) === 'individual', 2],
    ['weak f.k.a.', (r) => /f\.k\.a\. '/.test(remarks(r)), 1],
    ['passports', (r) => /Passport \S+ \(/.test(remarks(r)), 1],
    ['national ID', (r) => /National ID No\./.test(remarks(r)), 1],
    ['nationality Korea, North', (r) => /nationality Korea, North/.test(remarks(r)), 1],
    ['vessel with IMO', (r) => type(r) === 'vessel' && /IMO \d{7}/.test(remarks(r)), 2],
    ['aircraft', (r) => type(r) === 'aircraft', 1],
    ['organisation with registration and addresses', (r) => type(r) === '-0-' && /Registration Number/.test(remarks(r)) && withAdd.has(r.fields[0]), 1],
    ['several programmes', (r) => /\] \[/.test(r.fields[3] ?? ''), 1],
    ['name with a suffix', (r) => type(r) === 'individual' && (r.fields[1] ?? '').split(',').length > 2, 1],
  ];
  const picked = new Set<RawRecord>();
  for (const [, predicate, take] of cases) sdn.filter(predicate).slice(0, take).forEach((row) => picked.add(row));
  const pickedRows = sdn.filter((row) => picked.has(row));
  const chosen = entNums(pickedRows);
  const inSdn = entNums(sdn);
  const orphans = (rows: RawRecord[]) => {
    const firsts = new Map<string, RawRecord>();
    for (const row of rows) if (!inSdn.has(row.fields[0]) && !firsts.has(row.fields[0]!)) firsts.set(row.fields[0]!, row);
    return [...firsts.values()].slice(0, 2);
  };
  const joined = (rows: RawRecord[]) => [...rows.filter((row) => chosen.has(row.fields[0])), ...orphans(rows)];
  writeFileSync(`${outDir}/sdn.csv`, joinRecords(pickedRows, EOL) + DOS_EOF);
  writeFileSync(`${outDir}/alt.csv`, joinRecords(joined(alt), EOL) + DOS_EOF);
  writeFileSync(`${outDir}/add.csv`, joinRecords(joined(add), EOL) + DOS_EOF);
  return [`ofac: ${pickedRows.length} SDN entries, ${joined(alt).length} ALT rows, ${joined(add).length} ADD rows`];
}
