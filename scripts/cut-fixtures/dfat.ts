import ExcelJS, { type CellValue } from 'exceljs';

/** A sheet row as exceljs reads it without styles: 1-based values, dates as Excel serial numbers. */
export type SheetRow = CellValue[];

/** A DFAT reference's rows and the header they sit under. */
export interface DfatSheet {
  header: SheetRow;
  groups: Map<string, SheetRow[]>;
}

/** Reads a DFAT workbook into its header and rows grouped by reference number. */
export async function readDfatSheet(path: string): Promise<DfatSheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore' });
  let header: SheetRow | null = null;
  const groups = new Map<string, SheetRow[]>();
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = [...(row.values as CellValue[])];
      if (header === null) {
        header = values;
        continue;
      }
      const base = /^(\d+)/.exec(String(values[1] ?? '').trim())?.[1];
      if (!base) continue;
      groups.set(base, [...(groups.get(base) ?? []), values]);
    }
  }
  if (header === null) throw new Error(`${path}: no header row`);
  return { header, groups };
}

/** The text of a cell, whatever exceljs made of it. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  return String(value);
}

/**
 * Picks references for the fixture: for each case, the first `take` references (in sheet order)
 * whose rows satisfy the predicate, plus any references named explicitly.
 */
export function pickReferences(
  sheet: DfatSheet,
  cases: ReadonlyArray<readonly [string, (rows: SheetRow[]) => boolean, number]>,
  named: readonly string[],
): string[] {
  const picked = new Set<string>(named.filter((reference) => sheet.groups.has(reference)));
  for (const [, predicate, take] of cases) {
    let taken = 0;
    for (const [reference, rows] of sheet.groups) {
      if (taken >= take) break;
      if (!predicate(rows)) continue;
      picked.add(reference);
      taken++;
    }
  }
  return [...sheet.groups.keys()].filter((reference) => picked.has(reference));
}

/** Writes a real xlsx with one sheet: the header and the given rows, values as read. */
export async function writeSheet(path: string, header: SheetRow, rows: SheetRow[]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const values of [header, ...rows]) sheet.addRow(values.slice(1));
  await workbook.xlsx.writeFile(path);
}

/** The column index (1-based) of a header, for predicates. */
export function column(sheet: DfatSheet, name: string): number {
  const index = sheet.header.findIndex((value) => cellText(value) === name);
  if (index < 1) throw new Error(`no "${name}" column`);
  return index;
}

type Case = readonly [string, (rows: SheetRow[]) => boolean, number];

/** Cuts both DFAT layouts: references chosen to cover every name type, date form and list quirk. */
export async function cutDfat(sharedDir: string, outDir: string): Promise<string[]> {
  const current = await readDfatSheet(`${sharedDir}/dfat/consolidated-2026-02-24.xlsx`);
  const cell = (sheet: DfatSheet, name: string) => {
    const index = column(sheet, name);
    return (row: SheetRow) => cellText(row[index] ?? null);
  };
  const dob = cell(current, 'Date of Birth');
  const currentCases: Case[] = [
    ['original-script names', (rows) => rows.some((row) => cell(current, 'Name Type')(row) === 'Original Script'), 2],
    ['weak aliases', (rows) => rows.some((row) => cell(current, 'Alias Strength')(row) === 'Weak'), 2],
    ['a year as a number', (rows) => rows.some((row) => /^\d{4}$/.test(dob(row)) && typeof row[column(current, 'Date of Birth')] === 'number'), 1],
    ['an Excel serial date', (rows) => rows.some((row) => /^\d{5}$/.test(dob(row))), 2],
    ['several exact dates', (rows) => rows.some((row) => /\d\/\d{2}\/\d{4}, \d/.test(dob(row))), 1],
    ['approximately', (rows) => rows.some((row) => /Approximately/.test(dob(row))), 1],
    ['between', (rows) => rows.some((row) => /Between/.test(dob(row))), 1],
    ['month/year', (rows) => rows.some((row) => /(^|\s)\d\d\/\d{4}/.test(dob(row))), 1],
    ['month names', (rows) => rows.some((row) => /\d [A-Z][a-z]+ \d{4}/.test(dob(row))), 1],
    ['vessels', (rows) => rows.some((row) => cell(current, 'Type')(row) === 'Vessel'), 3],
    ['entities with addresses', (rows) => rows.some((row) => cell(current, 'Type')(row) === 'Entity' && cell(current, 'Address')(row) !== ''), 2],
    ['several citizenships', (rows) => rows.some((row) => /,|a\)/.test(cell(current, 'Citizenship')(row))), 2],
  ];
  // 6960: "10/061962"; 1254: a Solar Hijri date; 8495: no primary; 8686: two primaries;
  // 8720: primary published as "Original Script"; 3621: a row without a type.
  const currentNamed = ['6960', '1254', '8495', '8686', '8720', '3621'];
  const currentRefs = pickReferences(current, currentCases, currentNamed);
  await writeSheet(`${outDir}/consolidated-current.xlsx`, current.header, currentRefs.flatMap((ref) => current.groups.get(ref)!));

  const old = await readDfatSheet(`${sharedDir}/dfat/regulation8_consolidated-2024-11-11.xlsx`);
  const oldDob = cell(old, 'Date of Birth');
  const oldCases: Case[] = [
    ['rich text cells', (rows) => rows.some((row) => row.some((value) => typeof value === 'object' && value !== null && 'richText' in value)), 2],
    ['nationality adjectives', (rows) => rows.some((row) => /^(Iranian|Syrian|Russian|Afghan)$/.test(cell(old, 'Citizenship')(row).trim())), 2],
    ['circa', (rows) => rows.some((row) => /circa|c\. \d/i.test(oldDob(row))), 1],
    ['lettered dates', (rows) => rows.some((row) => /a\)/.test(oldDob(row))), 3],
    ['between', (rows) => rows.some((row) => /Between/.test(oldDob(row))), 1],
    ['original-script names', (rows) => rows.some((row) => /original script/i.test(cell(old, 'Name Type')(row))), 2],
    ['alt DOB', (rows) => rows.some((row) => /alt DOB/.test(oldDob(row))), 1],
    ['day month. year', (rows) => rows.some((row) => /^\d{1,2} [A-Z][a-z]{2}\. \d{4}$/.test(oldDob(row).trim())), 1],
    ['"na" placeholder', (rows) => rows.some((row) => oldDob(row) === 'na'), 1],
    ['former names', (rows) => rows.some((row) => /formerly|previously/i.test(cell(old, 'Name Type')(row))), 1],
    ['letter-and-digit references', (rows) => rows.some((row) => /^\d+[a-z]+\d+/.test(cellText(row[1] ?? null))), 1],
  ];
  // 2940: one alias row ("2940j") published far from the rest; 3581: "Approximately (30-35 years old)".
  const oldRefs = pickReferences(old, oldCases, ['2940', '3581']);
  const oldRows = oldRefs.flatMap((ref) => old.groups.get(ref)!);
  const stray = oldRows.findIndex((row) => cellText(row[1] ?? null).trim() === '2940j');
  if (stray >= 0) oldRows.push(...oldRows.splice(stray, 1)); // keep it out of order, as published
  await writeSheet(`${outDir}/consolidated-regulation8.xlsx`, old.header, oldRows);
  return [`dfat current: ${currentRefs.length} references`, `dfat regulation8: ${oldRefs.length} references`];
}
