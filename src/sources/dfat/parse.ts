import { access } from 'node:fs/promises';
import ExcelJS, { type CellValue } from 'exceljs';
import type { ListInput } from '../common/list-input';
import { type ParseEvent, type SourceId, UnexpectedFormatError } from '../listed-entity';
import { dfatCell, dfatCellText } from './cell-value';
import { type DfatField, type DfatLayout, detectDfatLayout } from './layout';
import { mapDfatReference } from './map';
import type { DfatRow } from './row';

export interface ParseDfatOptions {
  source?: SourceId;
}

const REFERENCE = /^(\d+)([a-z]+\d*)?$/i;

/**
 * Streams the DFAT Consolidated List workbook (either layout, detected from the header row) and
 * yields one entity per reference number. The sheet is read row by row, but entities are emitted
 * after the last row: references are occasionally out of order (the 2024 file lists "2940j" 186 rows
 * after the rest of 2940), and emitting a group early would split that entity in two.
 */
export async function* parseDfatList(input: ListInput, options: ParseDfatOptions = {}): AsyncIterable<ParseEvent> {
  const source = options.source ?? 'dfat';
  // exceljs opens a path itself and leaves a failed open unhandled (it crashes the process): check first.
  if (typeof input === 'string') await access(input);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let layout: DfatLayout | null = null;
  const groups = new Map<string, DfatRow[]>();
  let sheetNumber = 0;
  try {
    for await (const worksheet of reader) {
      sheetNumber++;
      for await (const row of worksheet) {
        if (sheetNumber > 1) continue; // only the first sheet is the list; later ones are drained
        const values = row.values as CellValue[];
        if (layout === null) {
          layout = detectDfatLayout(Array.from(values, (value) => dfatCellText(dfatCell(value))));
          continue;
        }
        const read = readDfatRow(values, row.number, layout);
        if (read === null) continue;
        if (typeof read === 'string') {
          yield { problem: { location: `sheet 1 row ${row.number}`, message: read } };
          continue;
        }
        const group = groups.get(read.baseReference);
        if (group) group.push(read);
        else groups.set(read.baseReference, [read]);
      }
    }
  } catch (error) {
    if (error instanceof UnexpectedFormatError || layout !== null || (error as NodeJS.ErrnoException).syscall) throw error;
    throw new UnexpectedFormatError(source, `not a readable xlsx workbook (${(error as Error).message})`);
  }
  if (layout === null) throw new UnexpectedFormatError(source, 'the workbook has no header row');
  for (const [baseReference, rows] of groups) {
    const { entity, problems } = mapDfatReference(baseReference, rows, source);
    const location = `reference ${baseReference} (sheet 1 row ${rows[0]!.sheetRow})`;
    for (const message of problems) yield { problem: { location, message } };
    if (entity) yield { entity };
  }
}

/** The row's cells by field; a message when the row cannot be used; null for a blank row. */
function readDfatRow(values: CellValue[], sheetRow: number, layout: DfatLayout): DfatRow | string | null {
  const cells: DfatRow['cells'] = {};
  let blank = true;
  for (const [field, column] of Object.entries(layout.columns) as Array<[DfatField, number]>) {
    const cell = dfatCell(values[column]);
    cells[field] = cell;
    if (cell !== null) blank = false;
  }
  if (blank) return null;
  const reference = dfatCellText(cells.reference ?? null);
  if (reference === null) return 'row has no reference number';
  const match = REFERENCE.exec(reference.replace(/\s+/g, ''));
  if (!match) return `reference "${reference}" is not a DFAT reference number`;
  if (dfatCellText(cells.name ?? null) === null) return `reference ${reference} has no name`;
  return { sheetRow, reference, baseReference: match[1]!, cells };
}
