import type { TokenMatchKind } from '../stringscore/token-similarity';

export const TOKEN_MATCH_KINDS: readonly TokenMatchKind[] = ['exact', 'phonetic', 'fuzzy'];

/**
 * The listed forms one query token (or two joined) meets, how and how closely: three parallel columns
 * ordered by form id, so a scan finds "does this unit meet form f" by binary search, and a cached
 * look-up is three small arrays rather than dozens of objects for the garbage collector to copy.
 * Plain arrays, not typed ones: small typed arrays live off the heap and cost more to allocate.
 */
export interface FormHits {
  readonly formIds: readonly number[];
  readonly similarities: readonly number[];
  /** Index into `TOKEN_MATCH_KINDS`. */
  readonly hows: readonly number[];
}

export const NO_FORM_HITS: FormHits = emptyHits();

/** Hits being collected: the columns of `FormHits`, appended to with `pushHit`. */
export interface HitColumns {
  formIds: number[];
  similarities: number[];
  hows: number[];
}

/** Empty columns to collect hits in, the similarities kept as doubles (`doubles`). */
export function emptyHits(): HitColumns {
  return { formIds: [], similarities: doubles([]), hows: [] };
}

/** Appends one hit. */
export function pushHit(hits: HitColumns, formId: number, similarity: number, how: number): void {
  hits.formIds.push(formId);
  hits.similarities.push(similarity);
  hits.hows.push(how);
}

/**
 * The values in an array V8 keeps as doubles, as similarities and weights always are here. An array
 * that happens to hold only whole numbers (a look-up that met only its own form: similarity 1) is
 * otherwise kept as small integers, and the first such array to reach code optimised for the usual kind
 * deoptimised that code in mid-search: about 30 times in the million-name bench's measured queries,
 * each leaving a search to run unoptimised (docs/decisions/0017-matching-at-a-million-names.md, "Garbage and misses, not arithmetic").
 * An array's element kind only widens, so one begun with a fraction stays double when emptied.
 */
export function doubles(values: readonly number[]): number[] {
  const out = [0.5];
  out.length = 0;
  for (const value of values) out.push(value);
  return out;
}

/** Position of `formId` in the hits, or -1. */
export function hitSlot(hits: FormHits, formId: number): number {
  const ids = hits.formIds;
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const id = ids[middle]!;
    if (id === formId) return middle;
    if (id < formId) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Hits collected in any order, as parallel arrays, sorted by form id into `FormHits`: the arrays are
 * taken over and sorted in place (insertion sort: a look-up's forms come mostly in id order, a key's
 * forms after another's), so a look-up allocates no sorting work arrays and no copies.
 */
export function formHitsOf(formIds: number[], similarities: number[], hows: number[]): FormHits {
  for (let i = 1; i < formIds.length; i++) {
    const formId = formIds[i]!;
    if (formIds[i - 1]! <= formId) continue;
    const similarity = similarities[i]!;
    const how = hows[i]!;
    let j = i - 1;
    while (j >= 0 && formIds[j]! > formId) {
      formIds[j + 1] = formIds[j]!;
      similarities[j + 1] = similarities[j]!;
      hows[j + 1] = hows[j]!;
      j--;
    }
    formIds[j + 1] = formId;
    similarities[j + 1] = similarity;
    hows[j + 1] = how;
  }
  return { formIds, similarities, hows };
}

/** The hits at least `minimum` similar. */
export function hitsAtLeast(hits: FormHits, minimum: number): FormHits {
  let all = true;
  for (const similarity of hits.similarities) if (similarity < minimum) all = false;
  if (all) return hits;
  const kept = emptyHits();
  for (let i = 0; i < hits.formIds.length; i++) {
    if (hits.similarities[i]! >= minimum) pushHit(kept, hits.formIds[i]!, hits.similarities[i]!, hits.hows[i]!);
  }
  return kept;
}

/**
 * The hits with more forms met at one similarity and kind (a consonant-skeleton or name-variant
 * look-up): forms not yet met are added, a form already met keeps the closer of the two pairings.
 * Both lists are in form-id order, so this is one merge, with no sort.
 */
export function withHits(hits: FormHits, added: readonly number[], similarity: number, how: number): FormHits {
  if (added.length === 0) return hits;
  const ids = isAscending(added) ? added : [...added].sort((a, b) => a - b);
  const merged = emptyHits();
  let a = 0;
  let b = 0;
  while (a < hits.formIds.length || b < ids.length) {
    const own = a < hits.formIds.length ? hits.formIds[a]! : Number.POSITIVE_INFINITY;
    const other = b < ids.length ? ids[b]! : Number.POSITIVE_INFINITY;
    if (own <= other) {
      const closer = own === other && similarity > hits.similarities[a]!;
      pushHit(merged, own, closer ? similarity : hits.similarities[a]!, closer ? how : hits.hows[a]!);
      a++;
      if (own === other) b++;
    } else {
      if (merged.formIds[merged.formIds.length - 1] !== other) pushHit(merged, other, similarity, how);
      b++;
    }
  }
  return merged;
}

function isAscending(ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i]! <= ids[i - 1]!) return false;
  return true;
}
