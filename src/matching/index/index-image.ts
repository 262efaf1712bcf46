/**
 * A built `MatchIndex` as a message a worker thread can hand to the request thread cheaply: the index is
 * mostly typed arrays, whose buffers are transferred (moved, not copied), plus a few object-heavy parts
 * (the listed entities, the vocabulary's strings and its maps from text to id). Structured-cloning those
 * would be deserialised in one block on the receiving thread, hundreds of milliseconds at a million
 * names, so every large array, map or set of plain data travels as UTF-8 JSON chunks in transferred
 * buffers, which `hydrateIndexImage` parses a chunk at a time between requests; the listed entities
 * travel as UTF-8 JSON that stays bytes until a search reads one (`TEXT_CHUNK_BYTES`, `EntityText`).
 *
 * The walk is generic over the index's object graph (so a new column in any index class travels without
 * touching this file), but only through the classes `INDEX_CLASSES` names: an unknown class or a function
 * in the graph fails the encoding loudly instead of arriving as a plain object without its methods.
 * Objects reached twice (the vocabulary's texts, shared by the skeleton look-up) arrive shared once.
 * See docs/decisions/0021-index-builds-off-the-request-thread.md.
 */
import type { MatchIndex } from './match-index';
import { EntityText } from './entity-text';
import { INDEX_CLASSES, INDEX_SINGLETONS, TYPED_ARRAYS, type ImageNode, type IndexImage, type TypedArrayName } from './index-image-format';

export type { IndexImage } from './index-image-format';

/** Arrays, maps and sets of JSON data at least this long travel as chunks (smaller ones inline). */
const CHUNKED_FROM = 64;
/** About this many bytes of JSON per chunk: one chunk is parsed and filed in well under a millisecond. */
const CHUNK_BYTES = 64 * 1024;
/**
 * Bytes of entity texts per chunk: the entities stay UTF-8 bytes in these chunks on the receiving
 * thread until a search reads one (`EntityText`), so a chunk's size is only a matter of how many
 * buffers travel. Parsing every entity on arrival would put tens of megabytes of surviving objects in
 * the young generation at once, and its collector stops the request thread for as long as it takes to
 * copy them (over 100 ms at the real lists on a loaded machine).
 */
const TEXT_CHUNK_BYTES = 1024 * 1024;

/** The image of an index; `transferList` is what `postMessage` must move with it. */
export function encodeIndexImage(index: MatchIndex): { image: IndexImage; transferList: ArrayBuffer[] } {
  const encoder = new ImageEncoder(index.entitySlots());
  const root = encoder.node(index);
  const image: IndexImage = { root, buffers: encoder.buffers, chunks: encoder.chunks };
  return { image, transferList: [...encoder.buffers, ...encoder.chunks.map((c) => c.buffer as ArrayBuffer)] };
}

class ImageEncoder {
  readonly buffers: ArrayBuffer[] = [];
  readonly chunks: Uint8Array[] = [];
  private readonly bufferIds = new Map<ArrayBuffer, number>();
  private readonly objectIds = new Map<object, number>();
  private readonly singletonNames = new Map<object, string>(Object.entries(INDEX_SINGLETONS).map(([name, value]) => [value, name]));
  private readonly classNames = new Map<object, string>(Object.entries(INDEX_CLASSES).map(([name, cls]) => [cls.prototype, name]));
  private readonly utf8 = new TextEncoder();

  /** `texts`: the array whose items travel as JSON texts (the listed entities). */
  constructor(private readonly texts: unknown) {}

  node(value: unknown): ImageNode {
    if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { k: 'value', v: value };
    if (typeof value !== 'object') throw new Error(`index image: a ${typeof value} cannot travel between threads`);
    const singleton = this.singletonNames.get(value);
    if (singleton !== undefined) return { k: 'singleton', name: singleton };
    const known = this.objectIds.get(value);
    if (known !== undefined) return { k: 'ref', id: known };
    const id = this.objectIds.size;
    this.objectIds.set(value, id);
    if (ArrayBuffer.isView(value)) return this.typed(id, value);
    if (Array.isArray(value)) {
      if (value === this.texts && value.every((item) => item instanceof EntityText || isJsonData(item))) return this.textChunks(id, value);
      if (value.length >= CHUNKED_FROM && value.every(isJsonData)) return this.chunked(id, 'array', value);
      return { k: 'array', id, items: value.map((item) => this.node(item)) };
    }
    if (value instanceof Map) {
      const entries = [...(value as Map<unknown, unknown>)];
      if (entries.length >= CHUNKED_FROM && entries.every(([key, item]) => isJsonData(key) && isJsonData(item))) return this.chunked(id, 'map', entries);
      return { k: 'map', id, entries: entries.map(([key, item]) => [this.node(key), this.node(item)]) };
    }
    if (value instanceof Set) {
      const items = [...(value as Set<unknown>)];
      if (items.length >= CHUNKED_FROM && items.every(isJsonData)) return this.chunked(id, 'set', items);
      return { k: 'set', id, items: items.map((item) => this.node(item)) };
    }
    const prototype = Object.getPrototypeOf(value) as object | null;
    const className = prototype === Object.prototype || prototype === null ? null : this.classNames.get(prototype);
    if (className === undefined) throw new Error(`index image: ${prototype?.constructor.name ?? 'an object'} is not one of the index's classes (INDEX_CLASSES)`);
    return { k: 'object', id, className, fields: Object.entries(value).map(([field, item]) => [field, this.node(item)]) };
  }

  private typed(id: number, view: ArrayBufferView): ImageNode {
    const type = view.constructor.name as TypedArrayName;
    if (!(type in TYPED_ARRAYS) || !(view.buffer instanceof ArrayBuffer)) throw new Error(`index image: a ${type} over a ${view.buffer.constructor.name} cannot be transferred`);
    let buffer = this.bufferIds.get(view.buffer);
    if (buffer === undefined) {
      buffer = this.buffers.push(view.buffer) - 1;
      this.bufferIds.set(view.buffer, buffer);
    }
    return { k: 'typed', id, type, buffer, byteOffset: view.byteOffset, length: (view as unknown as { length: number }).length };
  }

  private textChunks(id: number, items: unknown[]): ImageNode {
    const parts: [number, number][] = [];
    let texts: Uint8Array[] = [];
    let starts: number[] = [];
    let bytes = 0;
    const flush = () => {
      starts.push(bytes);
      const chunk = new Uint8Array(bytes);
      let at = 0;
      for (const text of texts) {
        chunk.set(text, at);
        at += text.length;
      }
      parts.push([this.chunks.push(chunk) - 1, this.buffers.push(Int32Array.from(starts).buffer) - 1]);
      texts = [];
      starts = [];
      bytes = 0;
    };
    for (const item of items) {
      const text = item instanceof EntityText ? item.bytes() : this.utf8.encode(JSON.stringify(item)); // bytes already: an index that itself arrived
      starts.push(bytes);
      texts.push(text);
      bytes += text.length;
      if (bytes >= TEXT_CHUNK_BYTES) flush();
    }
    if (texts.length > 0) flush();
    return { k: 'texts', id, parts };
  }

  private chunked(id: number, of: 'array' | 'map' | 'set', items: unknown[]): ImageNode {
    const from = this.chunks.length;
    let parts: string[] = [];
    let bytes = 0;
    const flush = () => {
      this.chunks.push(this.utf8.encode(`[${parts.join(',')}]`));
      parts = [];
      bytes = 0;
    };
    for (const item of items) {
      const json = JSON.stringify(item);
      parts.push(json);
      bytes += json.length + 1;
      if (bytes >= CHUNK_BYTES) flush();
    }
    if (parts.length > 0) flush();
    return { k: 'chunked', id, of, from, to: this.chunks.length };
  }
}

/**
 * True for what JSON carries unchanged: strings, finite numbers, booleans, null, and arrays and plain
 * objects of them (a property holding undefined is left out, as JSON leaves it out).
 */
function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every(isJsonData);
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && !isJsonData(item)) return false;
  }
  return true;
}
