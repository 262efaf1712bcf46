import {
  abjadSkeletonReadings,
  latinSkeletons,
  skeletonReading,
  skeletonsOf,
  someLatinReading,
  type SkeletonReading,
} from '../prepare/consonant-skeleton';
import { asksForVowels, spelledAlike, spellsVowels } from '../prepare/vowel-letters';
import {
  SKELETON_LONG_LENGTH,
  SKELETON_SIMILARITY_LONG,
  SKELETON_SIMILARITY_MEDIUM,
  SKELETON_SIMILARITY_SHORT,
  SKELETON_SIMILARITY_SINGLE,
  SKELETON_VOWEL_LETTERS_DIFFER,
} from '../score-weights';
import { lowerBound, packingFor } from './deletion-neighbourhood';
import { TOKEN_MATCH_KINDS, withHits, type FormHits } from './form-hits';

/** The `FormHits.hows` code of a skeleton hit (after the token match kinds). */
export const SKELETON_HOW = TOKEN_MATCH_KINDS.length;

/**
 * Listed forms by consonant skeleton (see `prepare/consonant-skeleton.ts`), so an Arabic- or
 * Hebrew-script query token finds the Latin spellings it may stand for. Like the typo look-up, keys are
 * hashes packed with form ids into one sorted typed array (8 bytes a form, no per-form objects), with the
 * typo look-up's packing (30 hash bits up to 4 million forms, a bit fewer for every doubling beyond);
 * a hash collision only adds a form that `find` then rejects by comparing skeletons.
 */
export class SkeletonLookup {
  /** Recently looked-up skeletons: the same few hundred given names come back in every batch. */
  private readonly recent = new Map<string, SpelledForms>();
  private readonly recentHits = new Map<string, FormHits>();
  private readonly recentValues = new Map<string, number>();

  private constructor(
    private readonly texts: readonly string[],
    private readonly keys: Uint32Array,
    private readonly formIds: Int32Array,
    private readonly hashBits: number,
  ) {}

  /**
   * Files every listed form `isToken` accepts, without digits: the listed tokens and, of the joins of two,
   * only an Arabic article's with its noun (`queryLookupsOf`). Other joins are left out: with their vowels
   * gone they collapse into other names ("Muhammad" + "Dawoud" is "mhmd" again).
   */
  static build(texts: readonly string[], isToken: (formId: number) => boolean): SkeletonLookup {
    const { hashBits, idSpace } = packingFor(texts.length);
    const packed = new Float64Array(texts.length);
    const secondReadings: number[] = [];
    let at = 0;
    for (let id = 0; id < texts.length; id++) {
      const text = texts[id]!;
      if (!isToken(id) || HAS_DIGIT.test(text)) continue;
      const [skeleton, ...otherReadings] = latinSkeletons(text);
      if (skeleton!.length === 0) continue;
      packed[at++] = hash(skeleton!, hashBits) * idSpace + id;
      for (const reading of otherReadings) secondReadings.push(hash(reading, hashBits) * idSpace + id);
    }
    const all = new Float64Array(at + secondReadings.length);
    all.set(packed.subarray(0, at));
    all.set(secondReadings, at);
    const sorted = all.sort();
    const keys = new Uint32Array(sorted.length);
    const formIds = new Int32Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      const key = Math.floor(sorted[i]! / idSpace);
      keys[i] = key;
      formIds[i] = sorted[i]! - key * idSpace;
    }
    return new SkeletonLookup(texts, keys, formIds, hashBits);
  }

  /**
   * The forms whose skeleton is exactly `skeleton`, each with the gaps of its readings that have it
   * (`SkeletonReading`; none for a form that is itself a transliteration, see `spellsVowels`). A
   * one-consonant skeleton ("l": Ali, Aly) only meets forms at most one letter longer than the
   * Arabic-script token (`writtenLength`), and never longer than `SINGLE_CONSONANT_MAX_FORM_LENGTH`
   * unless the token itself is: a longer form with one consonant ("Ayala", "Leila") is not what "علي"
   * is written as, and the class would otherwise hold thousands of forms for every "Ali" in a query,
   * while "يحيى" ("yhya") is written as "Yahya".
   */
  find(skeleton: string, writtenLength = 0): SpelledForms {
    if (skeleton.length === 0) return NONE;
    const longest = skeleton.length === 1 ? Math.max(SINGLE_CONSONANT_MAX_FORM_LENGTH, writtenLength + 1) : Number.POSITIVE_INFINITY;
    const cacheKey = skeleton.length === 1 ? `${skeleton}${longest}` : skeleton;
    const cached = this.recent.get(cacheKey);
    if (cached) return cached;
    const found: SpelledForms = { ids: [], gaps: [] };
    const key = hash(skeleton, this.hashBits);
    for (let i = lowerBound(this.keys, key); i < this.keys.length && this.keys[i] === key; i++) {
      const id = this.formIds[i]!;
      const text = this.texts[id]!;
      if (text.length > longest) continue;
      const gaps: (readonly number[])[] = [];
      let met = false;
      someLatinReading(text, (reading) => {
        if (reading.skeleton === skeleton) {
          met = true;
          gaps.push(reading.gaps);
        }
        return false;
      });
      if (!met) continue;
      found.ids.push(id);
      found.gaps.push(spellsVowels(text) ? gaps : NO_GAPS);
    }
    if (this.recent.size >= RECENT_SKELETONS) this.recent.clear();
    this.recent.set(cacheKey, found);
    return found;
  }

  /**
   * The hits of a transliterated Arabic- or Hebrew-script token (or of two tokens joined, `parts`) with
   * the Latin forms sharing one of its skeletons added, each at the similarity its skeleton's length
   * earns; a form the token already met exactly keeps that. A single token may carry the article (see
   * `abjadSkeletons`) when it is Arabic.
   */
  withSkeletonHits(
    hits: FormHits,
    folded: string,
    { parts, arabicArticle = true }: { parts?: readonly [string, string]; arabicArticle?: boolean } = {},
  ): FormHits {
    const key = `${parts ? `j${parts[0]}|` : arabicArticle ? 'a' : 't'}${folded}#${hits.formIds.join(',')}`;
    let merged = this.recentHits.get(key);
    if (merged === undefined) {
      const readings = parts ? joinedReadings(parts) : abjadSkeletonReadings(folded, { arabicArticle });
      merged = this.mergeSkeletonHits(hits, folded, readings);
      if (this.recentHits.size >= RECENT_SKELETONS) this.recentHits.clear();
      this.recentHits.set(key, merged);
    }
    return merged;
  }

  /**
   * `compute()` remembered under `key` for this index (a token's weight by skeleton, say): the same
   * Arabic-script given names come back in every batch, and each meets dozens of Latin spellings.
   */
  remember(key: string, compute: () => number): number {
    let value = this.recentValues.get(key);
    if (value === undefined) {
      value = compute();
      if (this.recentValues.size >= RECENT_SKELETONS) this.recentValues.clear();
      this.recentValues.set(key, value);
    }
    return value;
  }

  /**
   * Adds the forms met by each skeleton of the readings, the longer skeleton first (it counts more, so a
   * form two of them meet keeps its closer pairing). A form whose vowels disagree with the long vowels
   * the word writes (`vowel-letters.ts`) counts `SKELETON_VOWEL_LETTERS_DIFFER` less.
   */
  private mergeSkeletonHits(hits: FormHits, folded: string, readings: readonly SkeletonReading[]): FormHits {
    let merged = hits;
    for (const skeleton of skeletonsOf(readings)) {
      // A form this skeleton finds agrees through a reading with this skeleton or, if through another, is
      // found by that one too (and keeps the closer pairing): only this skeleton's readings are asked.
      const written = readings.filter((r) => r.skeleton === skeleton);
      const found = this.find(skeleton, folded.length);
      const similarity = skeletonSimilarity(skeleton.length);
      if (!asksForVowels(written)) {
        merged = withHits(merged, found.ids, similarity, SKELETON_HOW);
        continue;
      }
      const agreeing: number[] = [];
      const differing: number[] = [];
      found.ids.forEach((id, k) => (spelledAlike(written, found.gaps[k]!) ? agreeing : differing).push(id));
      merged = withHits(merged, agreeing, similarity, SKELETON_HOW);
      merged = withHits(merged, differing, similarity - SKELETON_VOWEL_LETTERS_DIFFER, SKELETON_HOW);
    }
    return merged;
  }

  get size(): number {
    return this.keys.length;
  }
}

/**
 * The skeleton of two Arabic- or Hebrew-script words read as one Latin word ("عبد الله", Abdullah):
 * each word's skeleton in turn, so a letter ending the first and the same letter starting the second
 * stay two letters ("باب براون" is not "Abrini"), and none when either word has no consonant left to
 * show for the Latin letters it would claim. The last gap of the first word and the first of the
 * second are one gap of the whole.
 */
function joinedReadings([first, second]: readonly [string, string]): SkeletonReading[] {
  const head = skeletonReading(first, { abjad: true, keepFinalH: true });
  const tail = skeletonReading(second, { abjad: true });
  if (head.skeleton.length === 0 || tail.skeleton.length === 0) return [];
  const between = head.gaps[head.gaps.length - 1]! | tail.gaps[0]!;
  return [{ skeleton: head.skeleton + tail.skeleton, gaps: [...head.gaps.slice(0, -1), between, ...tail.gaps.slice(1)] }];
}

/** What a skeleton pairing counts, by the skeleton's length (see `SKELETON_SIMILARITY_LONG`). */
export function skeletonSimilarity(length: number): number {
  if (length >= SKELETON_LONG_LENGTH) return SKELETON_SIMILARITY_LONG;
  if (length === SKELETON_LONG_LENGTH - 1) return SKELETON_SIMILARITY_MEDIUM;
  return length === 1 ? SKELETON_SIMILARITY_SINGLE : SKELETON_SIMILARITY_SHORT;
}

/** Forms a skeleton finds (`SkeletonLookup.find`), with the gaps of each one's readings that have it. */
export interface SpelledForms {
  ids: number[];
  /** Per form: the gaps of its readings with the skeleton; none for a transliteration (`spellsVowels`). */
  gaps: (readonly (readonly number[])[])[];
}

const NONE: SpelledForms = { ids: [], gaps: [] };
const NO_GAPS: readonly (readonly number[])[] = [];
const RECENT_SKELETONS = 4096;
/** See `find`. */
const SINGLE_CONSONANT_MAX_FORM_LENGTH = 4;

const HAS_DIGIT = /[0-9]/;

function hash(text: string, bits: number): number {
  let state = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), 0x01000193);
  return state >>> (32 - bits);
}
