import { abjadScriptOf, isWrittenInHan } from '../prepare/fold-text';
import { rememberedPhoneticKeys } from '../prepare/phonetic-key';
import { isSyllabicName } from '../prepare/syllabic-name';
import { tokeniseName, type NameContext, type NameToken } from '../prepare/tokenise-name';
import {
  JOINED_MIN_SIMILARITY,
  TRANSCRIPTION_MIN_SIMILARITY,
  TRANSCRIPTION_SIMILARITY,
  VARIANT_SIMILARITY,
} from '../score-weights';
import { doubles, hitsAtLeast, withHits, type FormHits } from './form-hits';
import { isQuietRole, type NameTable } from './name-table';
import type { SkeletonLookup } from './skeleton-lookup';
import { TRANSCRIPTION_HOW, VARIANT_HOW, type VariantLookup } from './variant-lookup';
import { englishTranscriptionOf, transcribedScriptOf } from '../prepare/english-transcription';

/**
 * One look-up unit of a query: a single token, or two adjacent tokens joined ("abdul rahman" →
 * "abdulrahman") to meet a listed name that writes them as one word.
 */
export interface QueryUnit {
  first: number;
  span: 1 | 2;
  text: string;
  /** Bits of the query tokens this unit covers. */
  mask: number;
  /** True when the unit opens candidates (single quiet tokens only refine scores). */
  opensCandidates: boolean;
  hits: FormHits;
}

/** A query name tokenised, weighed and looked up once, then scored against every candidate. */
export interface PreparedQuery {
  tokens: NameToken[];
  weights: number[];
  totalWeight: number;
  units: QueryUnit[];
  /** Bits of tokens whose own unit never opens candidates (initials, particles, legal forms, see below). */
  quietMask: number;
  /**
   * Bits of tokens that met a form some listed name holds as a particle or legal form ("el" as the
   * end of "KHAIRY ... EL" against "Hamad El Khairy"): they may pair where no posting shows it, so
   * the candidate bounds count them as met.
   */
  unpostedMask: number;
  /**
   * True when the query has a distinctive token, so its generic business words ("Trading") stay quiet
   * too: they would otherwise open every trading company on the lists only to see them pruned.
   */
  genericQuiet: boolean;
  initialCount: number;
  /**
   * The script of a query written without short vowels ("Arabic", "Hebrew"), whose tokens also meet
   * Latin spellings by consonant skeleton; null otherwise.
   */
  abjadScript: string | null;
  /**
   * True for a person's name written in one-syllable words ("CHOE Kang"): scored as such against any
   * person's name, since its every syllable is part of its identity whatever the listed name's shape.
   */
  syllabic: boolean;
}

/**
 * Tokenises, weighs and looks up a query once. Names in Arabic or Hebrew script (consonant skeletons
 * once transliterated) and in Chinese characters (pinyin syllables) meet listed forms exactly, never by
 * sound or typo; the former also meet Latin spellings through `skeletons`, when given. Other tokens
 * also meet the other-language forms of their name through `variants`, when given.
 */
export function prepareQuery(
  table: NameTable,
  name: string,
  context: NameContext,
  skeletons?: SkeletonLookup,
  variants?: VariantLookup,
): PreparedQuery {
  return prepareTokens(table, name, tokeniseName(name, context), context, skeletons, variants);
}

/**
 * The query read in another context (a person's name as an organisation's, for type mismatches):
 * `prepared` itself when that context tokenises the name alike (same words, same roles), which saves
 * looking every token up again, as most names have no word whose role depends on the context.
 */
export function prepareQueryAlike(
  prepared: PreparedQuery,
  table: NameTable,
  name: string,
  context: NameContext,
  skeletons?: SkeletonLookup,
  variants?: VariantLookup,
): PreparedQuery {
  const tokens = tokeniseName(name, context);
  return sameTokens(tokens, prepared.tokens) ? prepared : prepareTokens(table, name, tokens, context, skeletons, variants);
}

function prepareTokens(
  table: NameTable,
  name: string,
  tokens: NameToken[],
  context: NameContext,
  skeletons?: SkeletonLookup,
  variants?: VariantLookup,
): PreparedQuery {
  const { vocabulary, rarity } = table;
  const abjadScript = abjadScriptOf(name);
  const exactOnly = abjadScript !== null || isWrittenInHan(name);
  const bySkeleton = abjadScript !== null && skeletons !== undefined;
  const transcribed = transcribedScriptOf(name);
  const keys = tokens.map((t) => rememberedPhoneticKeys(t.text));
  // Doubles always (`doubles`): a query whose weights happen to be whole would deoptimise every reader.
  const weights = doubles(tokens.map((t, i) => rarity.weightOf(t.role, vocabulary.idOf(t.text), keys[i]!)));
  const genericQuiet = tokens.some((t) => t.role === 'name');
  // A token's own unit opens candidates unless it is a quiet word, or a generic word beside a name word.
  const opens = (token: NameToken) => !isQuietRole(token.role) && (token.role !== 'generic' || !genericQuiet);
  const units: QueryUnit[] = [];
  let quietMask = 0;
  let initialCount = 0;
  tokens.forEach((token, i) => {
    if (!opens(token)) quietMask |= 1 << i;
    if (token.role === 'initial') {
      initialCount++;
      return;
    }
    let hits = vocabulary.lookup({ text: token.text, keys: keys[i]! }, { exactOnly });
    if (bySkeleton) {
      hits = skeletons.withSkeletonHits(hits, token.text, { arabicArticle: abjadScript === 'Arabic' });
      // "عبد الصمد" is "Abdul Samad" as often as "Abd al-Samad": the article may go with "Abd".
      if (token.text === 'bd' && tokens[i + 1]?.text.startsWith('l')) hits = skeletons.withSkeletonHits(hits, 'bdl', { parts: ['bd', 'l'] });
      const own = weights[i]!;
      weights[i] = skeletons.remember(`${token.role}:${token.text}:${hits.formIds.length}`, () => skeletonWeight(table, token, hits, own));
    }
    if (variants !== undefined && !exactOnly && token.role !== 'particle') {
      const forms = variants.formsOf(token.text, context);
      hits = withHits(hits, forms, VARIANT_SIMILARITY, VARIANT_HOW);
      // "Volodymyr" is as common a name as "Vladimir", not a name nobody has.
      weights[i] = Math.min(weights[i]!, lightestForm(table, token, forms));
    }
    if (transcribed !== null && token.role !== 'particle') {
      const reading = englishTranscriptionOf(token.text, transcribed);
      if (reading !== null) {
        const read = hitsAtLeast(vocabulary.lookup({ text: reading, keys: rememberedPhoneticKeys(reading) }), TRANSCRIPTION_MIN_SIMILARITY);
        hits = withHits(hits, read.formIds, TRANSCRIPTION_SIMILARITY, TRANSCRIPTION_HOW);
        // "Джон" weighs as John, not as a word nobody has.
        weights[i] = Math.min(weights[i]!, lightestForm(table, token, read.formIds));
      }
    }
    units.push(unit(i, 1, token.text, opens(token), hits));
  });
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (next === undefined || token.role === 'initial' || next.role === 'initial') return;
    const text = token.text + next.text;
    // Joined tokens meet listed tokens exactly or by sound: typos on top of a join are not looked for.
    const looked = vocabulary.lookup({ text, keys: rememberedPhoneticKeys(text) }, { exactOnly, typos: false });
    let hits = hitsAtLeast(looked, JOINED_MIN_SIMILARITY);
    if (bySkeleton) hits = skeletons.withSkeletonHits(hits, text, { parts: [token.text, next.text] });
    if (hits.formIds.length > 0) units.push(unit(i, 2, text, opens(token) || opens(next), hits));
  });
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  let unpostedMask = 0;
  for (const unit of units) if (unit.hits.formIds.some((form) => table.formQuiet[form] === 1)) unpostedMask |= unit.mask;
  const syllabic = context === 'person' && isSyllabicName(tokens.map((t) => t.text));
  return { tokens, weights, totalWeight, units, quietMask, unpostedMask, genericQuiet, initialCount, abjadScript, syllabic };
}

/**
 * What a token of an Arabic- or Hebrew-script query weighs: its transliteration ("mhmd") is rarely a
 * listed form, so its own rarity would be that of a name nobody has. It weighs instead as the commonest
 * Latin spelling its skeleton meets: "محمد" as little as Mohammed, a rare surname as much as it.
 */
function skeletonWeight(table: NameTable, token: NameToken, hits: FormHits, own: number): number {
  return Math.min(lightestForm(table, token, hits.formIds), own);
}

/** The weight of the commonest of these listed forms, as the token's role weighs it (infinite for none). */
function lightestForm(table: NameTable, token: NameToken, formIds: readonly number[]): number {
  let weight = Number.POSITIVE_INFINITY;
  for (const formId of formIds) weight = Math.min(weight, table.rarity.weightOfForm(token.role, formId));
  return weight;
}

/** True when two tokenisations of a name are alike (same words, same roles). */
function sameTokens(a: readonly NameToken[], b: readonly NameToken[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.text !== b[i]!.text || a[i]!.role !== b[i]!.role) return false;
  return true;
}

function unit(first: number, span: 1 | 2, text: string, opensCandidates: boolean, hits: FormHits): QueryUnit {
  const mask = span === 1 ? 1 << first : (1 << first) | (1 << (first + 1));
  return { first, span, text, mask, opensCandidates, hits };
}
