import type { CellValue } from 'exceljs';
import { cleanText } from '../common/clean-text';

/** A spreadsheet cell reduced to what DFAT publishes in it: text, a number, a date or a flag. */
export type DfatCell = string | number | Date | boolean | null;

/**
 * Flattens exceljs cell values: rich text (DFAT's older layout formats parts of some cells), links,
 * formulas (their cached result) and errors (empty). Text is cleaned of NBSPs and line breaks.
 */
export function dfatCell(value: CellValue): DfatCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return cleanText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return cleanText(value.richText.map((part) => part.text).join(''));
  if ('hyperlink' in value) return cleanText(value.text);
  if ('result' in value) return value.result === undefined ? null : dfatCell(value.result as CellValue);
  return null;
}

/** The cell as text ("" never: null when empty), for fields that are always words. */
export function dfatCellText(cell: DfatCell): string | null {
  if (cell === null) return null;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return cleanText(String(cell));
}
