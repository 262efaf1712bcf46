import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/** A published list file: a path on disk, or a stream of its bytes (e.g. straight from a download). */
export type ListInput = string | Readable;

/** A byte stream for the input; paths are opened lazily so a parser owns the file handle it reads. */
export function openListInput(input: ListInput): Readable {
  return typeof input === 'string' ? createReadStream(input) : input;
}
