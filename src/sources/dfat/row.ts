import type { DfatCell } from './cell-value';
import type { DfatField } from './layout';

/** One name row of the sheet: DFAT publishes a row per name, all sharing the reference's number. */
export interface DfatRow {
  sheetRow: number;
  /** The row's own reference as published: "123", "123a", "34c1". */
  reference: string;
  /** The number that groups a primary name with its aliases: "123" for "123b". */
  baseReference: string;
  cells: Partial<Record<DfatField, DfatCell>>;
}
