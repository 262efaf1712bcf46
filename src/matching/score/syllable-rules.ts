import type { NameTable } from '../index/name-table';
import type { PreparedQuery } from '../index/prepared-query';
import { isSyllable } from '../prepare/syllabic-name';
import type { AlignedPair } from './aligned-pair';

/*
 * Rules for names written in one-syllable words (see `prepare/syllabic-name.ts`), applied by
 * `alignName`: a syllable met only by sound or typo is another syllable, and the syllables of a given
 * name do not swap.
 */

/** True when a pairing met one syllable with another (see `SYLLABLE_VARIANT_FACTOR`). */
export function syllableVariant(table: NameTable, query: PreparedQuery, pair: AlignedPair): boolean {
  if (pair.querySpan !== 1 || pair.listedSpan !== 1) return false;
  return isSyllable(query.tokens[pair.queryFirst]!.text) && isSyllable(table.vocabulary.texts[table.tokenForm[pair.listedFirst]!]!);
}

/**
 * True when two adjacent query tokens met two adjacent listed tokens in the other order, in names of
 * three words or more: "Choi Jong Un" against "Un Jong CHOE". The whole name may come surname first or
 * last ("Kim Jong Un" / "Jong Un KIM" keep "Jong Un" together and in order), but the syllables of a
 * given name do not swap: "Un Jong" is another given name. Two-word names ("Zhang Wei" / "Wei ZHANG")
 * are left alone.
 */
export function syllablesSwapped(query: PreparedQuery, pairs: readonly AlignedPair[], listedLength: number): boolean {
  if (query.tokens.length < 3 || listedLength < 3) return false;
  const listedAt = new Map<number, number>();
  for (const pair of pairs) if (pair.querySpan === 1 && pair.listedSpan === 1) listedAt.set(pair.queryFirst, pair.listedFirst);
  for (const [queryFirst, listedFirst] of listedAt) {
    if (listedAt.get(queryFirst + 1) === listedFirst - 1) return true;
  }
  return false;
}
