import { JOINED_MIN_SIMILARITY } from '../score-weights';
import type { FormHits } from './form-hits';
import { SKELETON_HOW } from './skeleton-lookup';

/**
 * How one query token's hit on a listed join (two listed words read as one) pairs with both words, or
 * null when it does not: by spelling only when close (`JOINED_MIN_SIMILARITY`), by skeleton always, since
 * the skeleton look-up files no joins but an Arabic article's and its noun's ("الريمي" is "al" + "raymi").
 * The alignment and the pairing bound both ask here, so the bound credits every pairing the alignment makes.
 */
export function splitPairingOf(hits: FormHits, slot: number): 'split' | 'skeleton' | null {
  if (hits.hows[slot] === SKELETON_HOW) return 'skeleton';
  return hits.similarities[slot]! >= JOINED_MIN_SIMILARITY ? 'split' : null;
}
