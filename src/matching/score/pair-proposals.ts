import type { PairingKind } from '../match-types';

export const PAIRING_KINDS: readonly PairingKind[] = ['exact', 'phonetic', 'fuzzy', 'initial', 'joined', 'split', 'skeleton', 'variant', 'transcription'];

/**
 * The pairings proposed while aligning one listed name, kept column by column in typed arrays that
 * every alignment reuses: a scan proposes thousands of pairings and keeps a handful, and allocating an
 * object for each would be most of its garbage. Alignments are synchronous, so one buffer serves all.
 */
export class PairProposals {
  count = 0;
  private capacity = 0;
  queryFirst = new Int32Array(0);
  querySpan = new Uint8Array(0);
  listedFirst = new Int32Array(0);
  listedSpan = new Uint8Array(0);
  how = new Uint8Array(0);
  querySimilarity = new Float64Array(0);
  listedSimilarity = new Float64Array(0);
  queryWeight = new Float64Array(0);
  listedWeight = new Float64Array(0);
  private gain = new Float64Array(0);
  order = new Int32Array(0);

  constructor(initialCapacity = 64) {
    this.grow(initialCapacity);
  }

  reset(): void {
    this.count = 0;
  }

  add(
    queryFirst: number,
    querySpan: 1 | 2,
    listedFirst: number,
    listedSpan: 1 | 2,
    how: PairingKind,
    querySimilarity: number,
    listedSimilarity: number,
    queryWeight: number,
    listedWeight: number,
  ): void {
    if (this.count === this.capacity) this.grow(this.capacity * 2);
    const i = this.count++;
    this.queryFirst[i] = queryFirst;
    this.querySpan[i] = querySpan;
    this.listedFirst[i] = listedFirst;
    this.listedSpan[i] = listedSpan;
    this.how[i] = PAIRING_KINDS.indexOf(how);
    this.querySimilarity[i] = querySimilarity;
    this.listedSimilarity[i] = listedSimilarity;
    this.queryWeight[i] = queryWeight;
    this.listedWeight[i] = listedWeight;
    this.gain[i] = querySimilarity * queryWeight + listedSimilarity * listedWeight;
  }

  /** Fills `order` with proposal indices, heaviest gain first; ties prefer one-to-one pairings. */
  sortByGain(): Int32Array {
    const order = this.order.subarray(0, this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    const { gain, querySpan, listedSpan } = this;
    order.sort((a, b) => gain[b]! - gain[a]! || querySpan[a]! + listedSpan[a]! - (querySpan[b]! + listedSpan[b]!) || a - b);
    return order;
  }

  private grow(capacity: number): void {
    const copy = <T extends Int32Array | Uint8Array | Float64Array>(from: T, make: (n: number) => T): T => {
      const to = make(capacity);
      to.set(from.subarray(0, this.count) as never);
      return to;
    };
    this.queryFirst = copy(this.queryFirst, (n) => new Int32Array(n));
    this.querySpan = copy(this.querySpan, (n) => new Uint8Array(n));
    this.listedFirst = copy(this.listedFirst, (n) => new Int32Array(n));
    this.listedSpan = copy(this.listedSpan, (n) => new Uint8Array(n));
    this.how = copy(this.how, (n) => new Uint8Array(n));
    this.querySimilarity = copy(this.querySimilarity, (n) => new Float64Array(n));
    this.listedSimilarity = copy(this.listedSimilarity, (n) => new Float64Array(n));
    this.queryWeight = copy(this.queryWeight, (n) => new Float64Array(n));
    this.listedWeight = copy(this.listedWeight, (n) => new Float64Array(n));
    this.gain = copy(this.gain, (n) => new Float64Array(n));
    this.order = new Int32Array(capacity);
    this.capacity = capacity;
  }
}
