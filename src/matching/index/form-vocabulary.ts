import { phoneticKeys } from '../prepare/phonetic-key';
import { FUZZY_DROPPED_LETTER_MIN_LENGTH, PHONETIC_MIN_LENGTH } from '../score-weights';
import { tokenSimilarity, type TokenProfile } from '../stringscore/token-similarity';
import { DeletionNeighbourhood } from './deletion-neighbourhood';
import { formHitsOf, NO_FORM_HITS, TOKEN_MATCH_KINDS, type FormHits } from './form-hits';

/**
 * Every distinct folded string the listed names contain: their tokens and the joins of adjacent
 * tokens ("abdul"+"rahman" = "abdulrahman", "al"+"qaida" = "alqaida"), so a joined or split spelling
 * meets its counterpart through the same exact, phonetic and typo look-ups as a single token.
 */
export class FormVocabulary {
  /** Look-up stamps per form (see `lookup`); look-ups are synchronous, so one array serves them all. */
  private readonly seen: Int32Array;
  private lookups = 0;
  private readonly recent = new Map<string, FormHits>();

  private constructor(
    readonly texts: readonly string[],
    private readonly keysById: readonly (readonly string[])[],
    private readonly idByText: ReadonlyMap<string, number>,
    private readonly idsByKey: ReadonlyMap<string, readonly number[]>,
    private readonly deletions: DeletionNeighbourhood,
  ) {
    this.seen = new Int32Array(texts.length);
  }

  static builder(): FormVocabularyBuilder {
    return new FormVocabularyBuilder((texts, idByText, loose, token) => {
      // Forms seen only in names written without vowels get no keys and no typo entries: exact only.
      const keysById = texts.map((text, id) => (loose[id] ? phoneticKeys(text) : []));
      const idsByKey = new Map<string, number[]>();
      keysById.forEach((keys, id) => {
        for (const key of keys) {
          const ids = idsByKey.get(key);
          if (ids) ids.push(id);
          else idsByKey.set(key, [id]);
        }
      });
      // Joins are found by exact and phonetic look-up only: typo entries for them would double the
      // neighbourhood for the rare customer who both joins two names and mistypes them.
      const deletions = DeletionNeighbourhood.build(texts, FUZZY_DROPPED_LETTER_MIN_LENGTH, (id) => loose[id] === true && token[id] === true);
      return new FormVocabulary(texts, keysById, idByText, idsByKey, deletions);
    });
  }

  get size(): number {
    return this.texts.length;
  }

  idOf(text: string): number | undefined {
    return this.idByText.get(text);
  }

  keysOf(formId: number): readonly string[] {
    return this.keysById[formId] ?? [];
  }

  /**
   * Forms equal to, sounding like or (unless `typos` is false) a typo away from the token; only the
   * equal one if `exactOnly`. Each candidate is verified once: `seen` stamps forms per look-up.
   */
  lookup(token: TokenProfile, { exactOnly = false, typos = true }: { exactOnly?: boolean; typos?: boolean } = {}): FormHits {
    const exact = this.idByText.get(token.text);
    if (exactOnly) return exact === undefined ? NO_FORM_HITS : formHitsOf([exact], [1], [0]);
    const cacheKey = typos ? token.text : `${token.text}\u0000`;
    // Common names recur in every batch: the most recently used answers are kept (a Map iterates in
    // insertion order, so re-inserting on use and evicting the first key is a least-recently-used cache).
    const cached = this.recent.get(cacheKey);
    if (cached) {
      this.recent.delete(cacheKey);
      this.recent.set(cacheKey, cached);
      return cached;
    }
    const hits = this.search(token, exact, typos);
    if (this.recent.size >= LOOKUP_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(cacheKey, hits);
    return hits;
  }

  private search(token: TokenProfile, exact: number | undefined, typos: boolean): FormHits {
    const stamp = ++this.lookups;
    const formIds: number[] = [];
    const similarities: number[] = [];
    const hows: number[] = [];
    const verify = (formId: number) => {
      if (this.seen[formId] === stamp) return;
      this.seen[formId] = stamp;
      const similarity = tokenSimilarity(token.text, token.keys, this.texts[formId]!, this.keysById[formId]!);
      if (!similarity) return;
      formIds.push(formId);
      similarities.push(similarity.similarity);
      hows.push(TOKEN_MATCH_KINDS.indexOf(similarity.how));
    };
    if (exact !== undefined) verify(exact);
    if (token.text.length >= PHONETIC_MIN_LENGTH) {
      for (const key of token.keys) for (const id of this.idsByKey.get(key) ?? NONE) verify(id);
    }
    if (typos && token.text.length >= FUZZY_DROPPED_LETTER_MIN_LENGTH) this.deletions.candidates(token.text, verify);
    return formHitsOf(formIds, similarities, hows);
  }
}

const NONE: readonly number[] = [];
/** Distinct tokens whose look-ups are remembered (under a kilobyte each). */
const LOOKUP_CACHE_SIZE = 8192;

/** Collects forms while names are indexed; `finish` builds the look-up structures once. */
export class FormVocabularyBuilder {
  private readonly texts: string[] = [];
  private readonly idByText = new Map<string, number>();
  private readonly loose: boolean[] = [];
  private readonly token: boolean[] = [];

  constructor(
    private readonly complete: (
      texts: string[],
      idByText: Map<string, number>,
      loose: boolean[],
      token: boolean[],
    ) => FormVocabulary,
  ) {}

  /**
   * Registers a form: a single token of a listed name, or (`isToken` false) the join of two. `loose`
   * (the default) lets it meet sound-alikes and typos, not only itself.
   */
  add(text: string, { loose = true, isToken = true }: { loose?: boolean; isToken?: boolean } = {}): number {
    let id = this.idByText.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(text);
      this.idByText.set(text, id);
      this.loose.push(loose);
      this.token.push(isToken);
    } else {
      if (loose) this.loose[id] = true;
      if (isToken) this.token[id] = true;
    }
    return id;
  }

  finish(): FormVocabulary {
    return this.complete(this.texts, this.idByText, this.loose, this.token);
  }
}
