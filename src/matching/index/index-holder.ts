import { MatchIndex } from './match-index';

/**
 * The process's current index. A new list version builds a whole new `MatchIndex` off to the side and
 * `swap`s it in with one reference assignment: a scan that already holds the old index finishes on it,
 * every later `current()` sees the new one, and no scan ever sees half of each.
 */
export class IndexHolder {
  private index: MatchIndex;
  private swappedAt: Date | null = null;

  constructor(initial: MatchIndex = MatchIndex.empty()) {
    this.index = initial;
  }

  current(): MatchIndex {
    return this.index;
  }

  /** Installs `next` and returns the index it replaced. */
  swap(next: MatchIndex): MatchIndex {
    const previous = this.index;
    this.index = next;
    this.swappedAt = new Date();
    return previous;
  }

  /** When the current index was swapped in; null while it is the one the holder started with. */
  lastSwappedAt(): Date | null {
    return this.swappedAt;
  }
}
