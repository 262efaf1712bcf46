import type { PairingKind } from '../match-types';

/** One accepted pairing between query tokens and tokens of a listed name (positions in the name table). */
export interface AlignedPair {
  queryFirst: number;
  querySpan: 1 | 2;
  listedFirst: number;
  listedSpan: 1 | 2;
  how: PairingKind;
  /** Similarity credited on each side: they differ only for initials. */
  querySimilarity: number;
  listedSimilarity: number;
  queryWeight: number;
  listedWeight: number;
}
