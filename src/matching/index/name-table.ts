/**
 * What a name table holds (`NameTable`: every listed name as rows and cells of flat typed arrays) and
 * the small codes its cells use (token roles, entity kinds, posting groups, first letters). Every step
 * of a search reads these; only `name-table-build.ts`, once per list version, writes them.
 */
import type { EntityKind, ListedEntity } from '../../sources/listed-entity';
import { TOKEN_ROLES, type NameContext, type TokenRole } from '../prepare/tokenise-name';
import type { EntityText } from './entity-text';
import type { FormVocabulary } from './form-vocabulary';
import type { TokenRarity } from './token-rarity';

export const ROLE_CODES: readonly TokenRole[] = TOKEN_ROLES;
export const KIND_CODES: readonly EntityKind[] = ['person', 'organisation', 'vessel', 'other'];

/** Postings are grouped per form by the name's kind and by whether it has an initial (see `postingGroupOf`). */
export const POSTING_GROUPS = KIND_CODES.length * 2;

/**
 * A name's posting group: its kind's code, twice over, plus one if it has an initial ("M. Hasan"). A
 * query's name part can pair with a listed initial that no posting records, so such names need a looser
 * bound and are walked apart (see `candidate-search.ts`).
 */
export function postingGroupOf(kind: number, hasInitial: boolean): number {
  return kind * 2 + (hasInitial ? 1 : 0);
}

/** Per mask of allowed kinds (1 << kind code), the posting groups of those kinds, in order. */
export const GROUPS_OF_KINDS: readonly (readonly number[])[] = Array.from({ length: 1 << KIND_CODES.length }, (_, kinds) =>
  Array.from({ length: POSTING_GROUPS }, (_, group) => group).filter((group) => ((1 << kindOfGroup(group)) & kinds) !== 0),
);

/** The kind code of a posting group. */
export function kindOfGroup(group: number): number {
  return group >> 1;
}

/** True for the group of names with an initial. */
export function hasInitialGroup(group: number): boolean {
  return (group & 1) === 1;
}

/** Roles that neither open candidates nor are looked up in postings: they only refine a score. */
export function isQuietRole(role: TokenRole): boolean {
  return role === 'initial' || role === 'particle' || role === 'legal_form';
}

/**
 * Every name and alias of every loaded entity, tokenised once, in flat typed arrays (one row per name,
 * one cell per token) plus postings from each form to the names containing it. Flat arrays keep the
 * index of DFAT, UN and OFAC (50,000 names) to a few tens of megabytes and a scan's inner loops free
 * of allocation.
 */
export interface NameTable {
  /**
   * The listed entities, as built. An index that arrived from a worker thread holds each as its JSON
   * bytes until a search first reads it (`MatchIndex.entityAt`; `entity-text.ts` and `index-image.ts` say why).
   */
  entities: readonly (ListedEntity | EntityText)[];
  entityKind: Uint8Array;
  vocabulary: FormVocabulary;
  rarity: TokenRarity;
  /** Per name: owning entity, which of its names (-1 primary, else alias index), weak-alias flag. */
  nameEntity: Int32Array;
  nameAlias: Int16Array;
  nameWeak: Uint8Array;
  /** Per name: sum of token weights; weight of quiet tokens (never in postings); heaviest token. */
  nameTotalWeight: Float32Array;
  nameQuietWeight: Float32Array;
  /** Per name: weight of generic business words (in postings, but quiet for most queries). */
  nameGenericWeight: Float32Array;
  nameMaxWeight: Float32Array;
  /** Tokens of name n are positions tokenStart[n] .. tokenStart[n+1]-1. */
  tokenStart: Int32Array;
  tokenForm: Int32Array;
  tokenRole: Uint8Array;
  tokenWeight: Float32Array;
  /** Per name: a bit per first letter of its tokens (`letterBit`), so a query initial can tell names it cannot pair with. */
  nameLetters: Uint32Array;
  /** Per form: 1 when some listed name has it in a quiet role (a particle, a legal form), which no posting records. */
  formQuiet: Uint8Array;
  /** Per form: a bit per kind (1 << kind code) of the listed names that have it as a name word or a join (neither quiet nor generic). */
  formNamed: Uint8Array;
  /** Form of the join of token p and p+1, or -1 (last token of a name, or an initial involved). */
  joinForm: Int32Array;
  /** Names containing form f (as a token or a join) are postingName[postingStart[f] .. postingStart[f+1]-1]. */
  postingStart: Int32Array;
  postingName: Int32Array;
  /** Listed weight the posting's occurrence covers (one token, or two for a join). */
  postingWeight: Float32Array;
  /** Where each group's names start in a form's postings (`postingGroupOf`, see `posting-groups.ts`). */
  postingGroupStart: Int32Array;
  /** Per posting: what a walk may cut on (`posting-shares.ts`); per form, the most a posting of it covers. */
  postingShare: Uint16Array;
  postingMaxShare: Uint16Array;
  postingInverseTotal: Float32Array;
  formMaxWeight: Float32Array;
}

export function contextOf(kind: EntityKind): NameContext {
  return kind === 'person' ? 'person' : 'organisation';
}

/** A table as `buildNameTable` makes it: every entity an object. */
export type BuiltNameTable = Omit<NameTable, 'entities'> & { entities: readonly ListedEntity[] };

/** The bit of a token's first letter: a to z, and one bit for every other first character. */
export function letterBit(text: string): number {
  const letter = text.charCodeAt(0) - 97;
  return 1 << (letter >= 0 && letter < 26 ? letter : 26);
}
