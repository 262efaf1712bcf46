/**
 * A listed entity as an index that arrived from a worker thread holds it until a search first reads it:
 * its JSON as UTF-8 bytes in one of the image's transferred chunks (a position, not a copy). Kept as
 * bytes rather than decoded strings, the entities cost one byte a character outside the V8 heap, where
 * a decoded chunk holding a single non-Latin letter would cost two for every character; and the request
 * thread decodes nothing when the index arrives, only the entities searches reach.
 */
import type { ListedEntity } from '../../sources/listed-entity';

const utf8 = new TextDecoder();

export class EntityText {
  constructor(
    private readonly chunk: Uint8Array,
    private readonly start: number,
    private readonly end: number,
  ) {}

  /** The JSON text as UTF-8 bytes: a view into the chunk, not a copy. */
  bytes(): Uint8Array {
    return this.chunk.subarray(this.start, this.end);
  }

  entity(): ListedEntity {
    return JSON.parse(utf8.decode(this.bytes())) as ListedEntity;
  }

  /** Serialised (a log line, a clone of the table) as the entity, not as the megabyte chunk it points into. */
  toJSON(): ListedEntity {
    return this.entity();
  }
}
