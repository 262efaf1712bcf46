/**
 * A typed-array column appended to while names are indexed, then cut to length. A million-name index
 * has over three million token cells: as plain arrays they cost 8 bytes a cell plus growth slack, and
 * the copy into a typed array doubles that at the build's peak, beside the index already in service.
 */
export class GrowableColumn<T extends Int32Array | Int16Array | Uint8Array> {
  private values: T;
  private count = 0;

  constructor(private readonly make: (length: number) => T) {
    this.values = make(1024);
  }

  push(value: number): void {
    if (this.count === this.values.length) {
      const larger = this.make(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.count++] = value;
  }

  get length(): number {
    return this.count;
  }

  /** The values pushed, in a typed array of exactly that length (the column is not used after). */
  finish(): T {
    return this.values.slice(0, this.count) as T;
  }
}
