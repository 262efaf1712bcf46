import type { PreparedQuery, QueryUnit } from './prepared-query';

/**
 * Per listed form, a bit per query unit that meets it, set for one query at a time. The per-name steps
 * of the candidate search (probing a name for a unit, the pairing bound) otherwise binary-search every
 * unit's hits for every token of every name they read, though most listed tokens meet no unit at all:
 * with the marks a token that meets none costs one read. Queries of more than 32 units (very long
 * names) go without, as before.
 */
export class FormUnitMarks {
  private readonly marks: Uint32Array;
  private marked: PreparedQuery | null = null;

  constructor(forms: number) {
    this.marks = new Uint32Array(forms);
  }

  /** Marks the query's forms, clearing the last query's; returns the marks, or undefined if it has too many units. */
  mark(query: PreparedQuery): Uint32Array | undefined {
    if (this.marked === query) return this.usable(query);
    if (this.marked !== null) this.set(this.marked, false);
    this.marked = query;
    this.set(query, true);
    return this.usable(query);
  }

  /** The bit of the query's unit (all bits when the marks are not used). */
  static bitOf(query: PreparedQuery, unit: QueryUnit): number {
    const at = query.units.indexOf(unit);
    return at >= 0 && at < MARKED_UNITS ? 1 << at : ALL_UNITS;
  }

  private usable(query: PreparedQuery): Uint32Array | undefined {
    return query.units.length <= MARKED_UNITS ? this.marks : undefined;
  }

  private set(query: PreparedQuery, on: boolean): void {
    if (query.units.length > MARKED_UNITS) return;
    query.units.forEach((unit, at) => {
      for (const form of unit.hits.formIds) this.marks[form] = on ? this.marks[form]! | (1 << at) : 0;
    });
  }
}

const MARKED_UNITS = 32;
const ALL_UNITS = 0xffffffff;
