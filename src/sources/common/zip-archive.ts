/**
 * Reading published registers that come as ZIP archives (the ABR bulk extract's `public_split_*.zip`
 * parts, ASIC's company dataset) with unzipper, a maintained streaming ZIP library: the central
 * directory is read from the end of the file, then each member is inflated as a stream, so a member of
 * gigabytes is never held in memory. A file is taken as a ZIP by its signature, not by its name (a
 * Schedule downloads to `<source>.download`).
 */
import { open } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { Open } from 'unzipper';
import { UnexpectedFormatError } from '../listed-entity';

const LOCAL_FILE_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ARCHIVE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** True when the file starts with a ZIP signature. */
export async function isZipFile(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && (head.equals(LOCAL_FILE_HEADER) || head.equals(EMPTY_ARCHIVE));
  } finally {
    await file.close();
  }
}

export interface ZipMember {
  name: string;
  size: number;
  /** The member's inflated bytes, as a Node stream (errors of the archive reach the reader). */
  open(): Readable;
}

/**
 * The archive's files whose names `accept` takes, in name order (the ABR's parts are numbered, so
 * name order is publication order). An archive holding none of them is the wrong file: refused whole.
 */
export async function zipMembers(path: string, source: string, accept: (name: string) => boolean, expected: string): Promise<ZipMember[]> {
  let directory;
  try {
    directory = await Open.file(path);
  } catch (err) {
    throw new UnexpectedFormatError(source, `the ZIP archive cannot be read (${err instanceof Error ? err.message : String(err)})`);
  }
  const members = directory.files.filter((f) => f.type === 'File' && accept(f.path.split('/').pop() ?? f.path)).sort((a, b) => a.path.localeCompare(b.path));
  if (!members.length) throw new UnexpectedFormatError(source, `the ZIP archive holds no ${expected} (it holds ${directory.files.map((f) => f.path).join(', ') || 'nothing'})`);
  return members.map((f) => ({
    name: f.path,
    size: f.uncompressedSize,
    open: () => {
      // unzipper's streams are readable-stream 2; a native PassThrough gives readers async iteration.
      const out = new PassThrough();
      const inflated = f.stream();
      inflated.on('error', (err: Error) => out.destroy(err));
      return inflated.pipe(out);
    },
  }));
}
