import { FUZZY_DROPPED_LETTER_MIN_LENGTH, PHONETIC_MIN_LENGTH } from '../score-weights';
import { lengthsMayMeet, similarityOf, type TokenProfile } from '../stringscore/token-similarity';
import { DeletionNeighbourhood } from './deletion-neighbourhood';
import { emptyHits, formHitsOf, NO_FORM_HITS, pushHit, TOKEN_MATCH_KINDS, type FormHits, type HitColumns } from './form-hits';
import { PhoneticKeyTable } from './phonetic-key-table';

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
    /** Phonetic keys per form and forms per key, in flat columns (see `phonetic-key-table.ts`). */
    readonly keys: PhoneticKeyTable,
    private readonly idByText: ReadonlyMap<string, number>,
    private readonly deletions: DeletionNeighbourhood,
  ) {
    this.seen = new Int32Array(texts.length);
  }

  static builder(): FormVocabularyBuilder {
    return new FormVocabularyBuilder((texts, idByText, loose, token) => {
      // Forms seen only in names written without vowels get no keys and no typo entries: exact only.
      const keys = PhoneticKeyTable.build(texts, (id) => loose[id] === true);
      // Joins are found by exact and phonetic look-up only: typo entries for them would double the
      // neighbourhood for the rare customer who both joins two names and mistypes them.
      const deletions = DeletionNeighbourhood.build(texts, FUZZY_DROPPED_LETTER_MIN_LENGTH, (id) => loose[id] === true && token[id] === true);
      return new FormVocabulary(texts, keys, idByText, deletions);
    });
  }

  get size(): number {
    return this.texts.length;
  }

  idOf(text: string): number | undefined {
    return this.idByText.get(text);
  }

  /**
   * Forms equal to, sounding like or (unless `typos` is false) a typo away from the token; only the
   * equal one if `exactOnly`. Each candidate is verified once: `seen` stamps forms per look-up.
   */
  lookup(token: TokenProfile, { exactOnly = false, typos = true }: { exactOnly?: boolean; typos?: boolean } = {}): FormHits {
    const exact = this.idByText.get(token.text);
    if (exactOnly) {
      if (exact === undefined) return NO_FORM_HITS;
      const hits = emptyHits();
      pushHit(hits, exact, 1, EXACT_HOW);
      return hits;
    }
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
    const { text } = token;
    const found = emptyHits();
    if (exact !== undefined) {
      this.seen[exact] = stamp;
      pushHit(found, exact, 1, EXACT_HOW);
    }
    const gather = (formId: number) => this.gather(formId, stamp, text.length);
    // Forms under one of the query's keys share it with the query; the typo neighbourhood's are asked.
    if (text.length >= PHONETIC_MIN_LENGTH) {
      for (const key of token.keys) this.keys.forEachFormOf(key, gather);
      this.compareGathered(text, found, null);
    }
    if (typos && text.length >= FUZZY_DROPPED_LETTER_MIN_LENGTH) {
      this.deletions.candidates(text, gather);
      this.compareGathered(text, found, token.keys.map((key) => this.keys.keyIdOf(key) ?? -1));
    }
    return formHitsOf(found.formIds, found.similarities, found.hows);
  }

  /**
   * Files a form to compare unless this look-up has seen it or its length rules it out. The forms of a
   * key lie scattered over a million-form vocabulary, so each costs cache misses: gathered in one light
   * loop, their misses overlap; compared as they are found, each miss waits for the comparison before it.
   */
  private gather(formId: number, stamp: number, length: number): void {
    if (this.seen[formId] === stamp) return;
    this.seen[formId] = stamp;
    const listed = this.texts[formId]!;
    if (!lengthsMayMeet(Math.min(length, listed.length), Math.max(length, listed.length))) return;
    GATHERED_IDS[gatheredCount] = formId;
    GATHERED_TEXTS[gatheredCount++] = listed;
  }

  /** Compares the gathered forms with the query token; `queryKeyIds` null when every one shares a key. */
  private compareGathered(text: string, found: HitColumns, queryKeyIds: readonly number[] | null): void {
    for (let i = 0; i < gatheredCount; i++) {
      const formId = GATHERED_IDS[i]!;
      const keysShared = queryKeyIds === null || this.keys.hasAnyKeyId(formId, queryKeyIds);
      const similarity = similarityOf(text, GATHERED_TEXTS[i]!, keysShared);
      if (similarity !== null) pushHit(found, formId, similarity.similarity, TOKEN_MATCH_KINDS.indexOf(similarity.how));
    }
    gatheredCount = 0;
  }
}

const EXACT_HOW = TOKEN_MATCH_KINDS.indexOf('exact');

/**
 * Forms gathered by the look-up under way, the first `gatheredCount` of each array: look-ups are
 * synchronous, so one pair of arrays serves them all, never emptied (emptying an array lets its
 * storage go, to be grown again by the next look-up).
 */
const GATHERED_IDS: number[] = [];
const GATHERED_TEXTS: string[] = [];
let gatheredCount = 0;

/** Pair keys stay exact in a double for up to 2^26 (67 million) forms. */
const PAIR_SPACE = 2 ** 26;
/** Distinct tokens whose look-ups are remembered (under a kilobyte each). */
const LOOKUP_CACHE_SIZE = 8192;

/** Collects forms while names are indexed; `finish` builds the look-up structures once. */
export class FormVocabularyBuilder {
  private readonly texts: string[] = [];
  private readonly idByText = new Map<string, number>();
  private readonly loose: boolean[] = [];
  private readonly token: boolean[] = [];
  /** Join ids by `first * PAIR_SPACE + second`. */
  private readonly joinByPair = new Map<number, number>();

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

  /**
   * Registers the join of two registered forms (`first` then `second`), as `add(firstText +
   * secondText, { loose, isToken: false })` would. The same pair recurs in many names ("pty ltd",
   * "abdul rahman"): it is remembered by its two ids, so the joined string is built and hashed once per
   * pair rather than once per name, which is most of the cost of indexing a million names.
   */
  addJoin(first: number, second: number, firstText: string, secondText: string, loose: boolean): number {
    const pair = first * PAIR_SPACE + second;
    const known = this.joinByPair.get(pair);
    if (known !== undefined) {
      if (loose) this.loose[known] = true;
      return known;
    }
    const id = this.add(firstText + secondText, { loose, isToken: false });
    this.joinByPair.set(pair, id);
    return id;
  }

  finish(): FormVocabulary {
    this.joinByPair.clear(); // a million pairs: let them go before the rest of the build
    return this.complete(this.texts, this.idByText, this.loose, this.token);
  }
}
