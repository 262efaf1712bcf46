import { readFileSync, writeFileSync } from 'node:fs';
import { joinRecords, type RawRecord, rawRecords } from './csv-lines';

type Case = readonly [string, (row: Record<string, string>) => boolean, number];

/** Cuts the OpenSanctions targets.simple.csv export to a few rows of each schema and field shape. */
export function cutOpenSanctions(sharedDir: string, outDir: string): string[] {
  const [header, ...rows] = rawRecords(readFileSync(`${sharedDir}/opensanctions/ua_war_sanctions-targets.simple-2026-03-13.csv`, 'utf8'));
  const columns = header!.fields;
  const named = (row: RawRecord) => Object.fromEntries(columns.map((column, i) => [column, row.fields[i] ?? '']));
  const cases: Case[] = [
    ['people with Cyrillic aliases and a birth date', (r) => r.schema === 'Person' && /[А-я]/.test(r.aliases!) && r.birth_date !== '', 5],
    ['person without a birth date', (r) => r.schema === 'Person' && r.birth_date === '', 2],
    ['vessels with former names', (r) => r.schema === 'Vessel' && r.aliases !== '', 4],
    ['companies', (r) => r.schema === 'Company', 4],
    ['legal entities with addresses and identifiers', (r) => r.schema === 'LegalEntity' && r.addresses !== '' && r.identifiers !== '', 4],
    ['a multi-line sanctions text', (r) => /\n/.test(r.sanctions!), 1],
  ];
  const picked = new Set<RawRecord>();
  for (const [, predicate, take] of cases) rows.filter((row) => predicate(named(row))).slice(0, take).forEach((row) => picked.add(row));
  const pickedRows = rows.filter((row) => picked.has(row));
  writeFileSync(`${outDir}/ua_war_sanctions-targets.simple.csv`, joinRecords([header!, ...pickedRows], '\n'));
  return [`opensanctions: ${pickedRows.length} rows`];
}
