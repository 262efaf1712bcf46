/**
 * What an `IndexImage` is made of (`index-image.ts` encodes one, `index-image-hydration.ts` turns it back
 * into an index): the node kinds, and the classes, shared constants and typed arrays an image may name.
 */
import { WorseShares } from '../score/middle-names';
import { CandidateSearch } from './candidate-search';
import { CandidateTally } from './candidate-tally';
import { DeletionNeighbourhood } from './deletion-neighbourhood';
import { FormUnitMarks } from './form-unit-marks';
import { FormVocabulary } from './form-vocabulary';
import { MatchIndex } from './match-index';
import { PairPostings } from './pair-postings';
import { PhoneticKeyTable } from './phonetic-key-table';
import { PostingsBound } from './postings-bound';
import { SkeletonLookup } from './skeleton-lookup';
import { TokenRarity } from './token-rarity';
import { VariantLookup } from './variant-lookup';

/** The classes an index is made of, by name: an image names them, and hydration gives objects their prototype back. */
export const INDEX_CLASSES: Readonly<Record<string, { prototype: object }>> = {
  MatchIndex,
  CandidateSearch,
  CandidateTally,
  DeletionNeighbourhood,
  FormUnitMarks,
  FormVocabulary,
  PairPostings,
  PhoneticKeyTable,
  PostingsBound,
  SkeletonLookup,
  TokenRarity,
  VariantLookup,
  WorseShares,
};

/** Shared constants reached from an index (kept by identity, never copied). */
export const INDEX_SINGLETONS: Readonly<Record<string, object>> = { 'WorseShares.anyName': WorseShares.anyName };

export const TYPED_ARRAYS = {
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;
export type TypedArrayName = keyof typeof TYPED_ARRAYS;

/** One value of the graph; objects carry an id so later references (`ref`) keep their identity. */
export type ImageNode =
  | { k: 'value'; v: string | number | boolean | null | undefined }
  | { k: 'ref'; id: number }
  | { k: 'singleton'; name: string }
  | { k: 'typed'; id: number; type: TypedArrayName; buffer: number; byteOffset: number; length: number }
  /** A large array, map or set of JSON data: chunks[from..to) hold its items (map: [key, value] pairs). */
  | { k: 'chunked'; id: number; of: 'array' | 'map' | 'set'; from: number; to: number }
  /**
   * The listed entities: each item's JSON text, read by `MatchIndex.entityAt` when a search first needs
   * it. parts[i] = [chunk, offsets buffer]: the chunk is the items' UTF-8 texts end to end, the Int32Array
   * buffer where each starts (and, last, where the chunk ends), in bytes of the chunk.
   */
  | { k: 'texts'; id: number; parts: [number, number][] }
  | { k: 'array'; id: number; items: ImageNode[] }
  | { k: 'map'; id: number; entries: [ImageNode, ImageNode][] }
  | { k: 'set'; id: number; items: ImageNode[] }
  | { k: 'object'; id: number; className: string | null; fields: [string, ImageNode][] };

export interface IndexImage {
  root: ImageNode;
  /** Buffers of the typed arrays, by `typed.buffer`. */
  buffers: ArrayBuffer[];
  /** UTF-8 JSON arrays, by `chunked.from..to`. */
  chunks: Uint8Array[];
}

