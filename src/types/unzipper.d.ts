/** The part of unzipper (0.10.x, which ships no types) that zip-archive.ts uses: the central directory and per-entry streams. */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  export interface ZipEntryFile {
    path: string;
    type: 'File' | 'Directory';
    uncompressedSize: number;
    stream(password?: string): Readable;
  }

  export interface CentralDirectory {
    files: ZipEntryFile[];
  }

  export const Open: {
    file(path: string): Promise<CentralDirectory>;
  };
}
