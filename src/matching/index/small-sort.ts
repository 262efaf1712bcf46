/**
 * Sorts a short array in place, stably (insertion sort), and returns it. `Array.prototype.sort` sets
 * up work arrays on every call, several hundred bytes however short the array, and a search sorts its
 * few units several times: those were a tenth of what a search allocated, and every allocation brings
 * the next young-generation pause closer (docs/decisions/0017-matching-at-a-million-names.md, "Garbage and misses, not arithmetic").
 * `compare` should answer a small integer: a fractional result of a call not inlined is a heap number.
 */
export function sortSmall<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < items.length; i++) {
    const item = items[i]!;
    let j = i - 1;
    while (j >= 0 && compare(items[j]!, item) > 0) {
      items[j + 1] = items[j]!;
      j--;
    }
    items[j + 1] = item;
  }
  return items;
}

/** Indexes 0..n-1 of `costs`, costliest first (ties in index order). */
export function costliestFirst(costs: readonly number[]): number[] {
  const order: number[] = [];
  for (let k = 0; k < costs.length; k++) order.push(k);
  return sortSmall(order, (a, b) => costs[b]! - costs[a]!);
}
