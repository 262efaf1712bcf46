/**
 * Turns an `IndexImage` back into a `MatchIndex` on the thread that serves requests, a slice at a time:
 * typed arrays are re-wrapped around their transferred buffers (no copy), and each JSON chunk is decoded,
 * parsed and filed in its own step. Between steps, once a slice has run for `sliceMs`, hydration yields
 * to the event loop, so requests keep being answered while a million-name index arrives; the longest
 * slice is reported, since it is what a request may wait behind.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { EntityText } from './entity-text';
import type { MatchIndex } from './match-index';
import { INDEX_CLASSES, INDEX_SINGLETONS, TYPED_ARRAYS, type ImageNode, type IndexImage } from './index-image-format';

export interface HydrationFigures {
  /** Wall time from the first step to the index in hand, yields included. */
  totalMs: number;
  /** The longest the event loop was held by one slice. */
  longestSliceMs: number;
  slices: number;
}

/** Milliseconds of hydration work between yields to the event loop. */
export const DEFAULT_SLICE_MS = 4;

/** The index the image describes; `sliceMs` Infinity hydrates in one go (tests, tools). */
export async function hydrateIndexImage(image: IndexImage, sliceMs = DEFAULT_SLICE_MS): Promise<{ index: MatchIndex; figures: HydrationFigures }> {
  const started = performance.now();
  const steps = new ImageHydration(image);
  const work = steps.value(image.root);
  let sliceStart = performance.now();
  let longestSliceMs = 0;
  let slices = 1;
  for (;;) {
    const step = work.next();
    const now = performance.now();
    if (step.done) {
      longestSliceMs = Math.max(longestSliceMs, now - sliceStart);
      return { index: step.value as MatchIndex, figures: { totalMs: now - started, longestSliceMs, slices } };
    }
    if (now - sliceStart >= sliceMs) {
      longestSliceMs = Math.max(longestSliceMs, now - sliceStart);
      await nextTurn();
      sliceStart = performance.now();
      slices += 1;
    }
  }
}

/** The decoding walk: a generator that yields after every chunk, so its driver can pause it. */
class ImageHydration {
  private readonly objects: unknown[] = [];
  private readonly utf8 = new TextDecoder();

  constructor(private readonly image: IndexImage) {}

  *value(node: ImageNode): Generator<void, unknown> {
    switch (node.k) {
      case 'value':
        return node.v;
      case 'ref':
        return this.objects[node.id];
      case 'singleton':
        return INDEX_SINGLETONS[node.name];
      case 'typed': {
        const view = new TYPED_ARRAYS[node.type](this.image.buffers[node.buffer]!, node.byteOffset, node.length);
        this.objects[node.id] = view;
        return view;
      }
      case 'chunked':
        return yield* this.chunked(node);
      case 'texts':
        return yield* this.texts(node);
      case 'array': {
        const array: unknown[] = [];
        this.objects[node.id] = array;
        for (const item of node.items) array.push(yield* this.value(item));
        return array;
      }
      case 'map': {
        const map = new Map<unknown, unknown>();
        this.objects[node.id] = map;
        for (const [key, item] of node.entries) map.set(yield* this.value(key), yield* this.value(item));
        return map;
      }
      case 'set': {
        const set = new Set<unknown>();
        this.objects[node.id] = set;
        for (const item of node.items) set.add(yield* this.value(item));
        return set;
      }
      case 'object': {
        const prototype = node.className === null ? Object.prototype : INDEX_CLASSES[node.className]?.prototype;
        if (prototype === undefined) throw new Error(`index image: unknown class ${node.className}`);
        const object = Object.create(prototype) as Record<string, unknown>;
        this.objects[node.id] = object;
        for (const [field, item] of node.fields) object[field] = yield* this.value(item);
        return object;
      }
    }
  }

  /** Each item a position in its chunk's bytes (`EntityText`), decoded only when a search reads it. */
  private *texts(node: Extract<ImageNode, { k: 'texts' }>): Generator<void, unknown> {
    const texts: EntityText[] = [];
    this.objects[node.id] = texts;
    for (const [chunk, offsetsBuffer] of node.parts) {
      const bytes = this.image.chunks[chunk]!;
      const starts = new Int32Array(this.image.buffers[offsetsBuffer]!);
      for (let i = 0; i + 1 < starts.length; i++) texts.push(new EntityText(bytes, starts[i]!, starts[i + 1]!));
      yield;
    }
    return texts;
  }

  private *chunked(node: Extract<ImageNode, { k: 'chunked' }>): Generator<void, unknown> {
    const target: unknown[] | Map<unknown, unknown> | Set<unknown> = node.of === 'array' ? [] : node.of === 'map' ? new Map() : new Set();
    this.objects[node.id] = target;
    for (let c = node.from; c < node.to; c++) {
      const items = JSON.parse(this.utf8.decode(this.image.chunks[c])) as unknown[];
      if (Array.isArray(target)) for (const item of items) target.push(item);
      else if (target instanceof Map) for (const [key, item] of items as [unknown, unknown][]) target.set(key, item);
      else for (const item of items) target.add(item);
      yield;
    }
    return target;
  }
}
