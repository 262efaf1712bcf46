import { hitSlot } from './form-hits';
import { isQuietRole, ROLE_CODES, type NameTable } from './name-table';
import type { QueryUnit } from './prepared-query';

/**
 * What a search's walks record per listed name: which query tokens it met (`queryMetMask`, with the
 * marks of `postings-bound.ts`), how much listed weight those covered (`listedMet`), and which names
 * were touched, in the order they were opened (`touched`). Every walk of the candidate search (the
 * units' own, the pair opening's, the share cut's, the quiet words') writes here and the postings
 * bound reads it, so they share one place rather than passing a dozen arrays between them.
 *
 * The arrays are sized to the index and reused by every search (searches are synchronous): the search
 * clears each name it touched as it bounds it, so the next one starts on zeros without clearing a
 * million cells.
 */
export class CandidateTally {
  readonly queryMetMask: Uint32Array;
  readonly listedMet: Float32Array;
  readonly touched: Int32Array;
  /** The current query's form marks (`FormUnitMarks`), or undefined for a query of too many units. */
  marks: Uint32Array | undefined;

  constructor(readonly table: NameTable) {
    const names = table.nameEntity.length;
    this.queryMetMask = new Uint32Array(names);
    this.listedMet = new Float32Array(names);
    this.touched = new Int32Array(names);
  }

  /**
   * Records for one name what walking the unit's postings would have (`bit`: the unit's form mark): the
   * cheaper way when a unit's postings are long and the names to update few.
   */
  probe(unit: QueryUnit, bit: number, name: number): void {
    const table = this.table;
    const marks = this.marks;
    const end = table.tokenStart[name + 1]!;
    let met = 0;
    for (let p = table.tokenStart[name]!; p < end; p++) {
      const form = table.tokenForm[p]!;
      if ((marks === undefined || (marks[form]! & bit) !== 0) && !isQuietRole(ROLE_CODES[table.tokenRole[p]!]!) && hitSlot(unit.hits, form) >= 0) {
        met += table.tokenWeight[p]!;
      }
      const join = table.joinForm[p]!;
      if (join >= 0 && (marks === undefined || (marks[join]! & bit) !== 0) && hitSlot(unit.hits, join) >= 0) met += table.tokenWeight[p]! + table.tokenWeight[p + 1]!;
    }
    if (met > 0) {
      this.queryMetMask[name]! |= unit.mask;
      this.listedMet[name]! += met;
    }
  }

  /** True when a posted token or join of the name meets a unit of `bits` (always, without form marks). */
  meetsAny(name: number, bits: number): boolean {
    const { marks, table } = this;
    if (marks === undefined) return true;
    const end = table.tokenStart[name + 1]!;
    for (let p = table.tokenStart[name]!; p < end; p++) {
      if ((marks[table.tokenForm[p]!]! & bits) !== 0 && !isQuietRole(ROLE_CODES[table.tokenRole[p]!]!)) return true;
      const join = table.joinForm[p]!;
      if (join >= 0 && (marks[join]! & bits) !== 0) return true;
    }
    return false;
  }
}
