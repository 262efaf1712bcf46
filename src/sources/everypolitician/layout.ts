/**
 * Where the files of an EveryPolitician country folder are. The published layout is one folder per
 * chamber (`Representatives/`, `Senate/`), each with `term-NN.csv` files, `names.csv` and
 * `positions.csv` (upstream `unstable/positions.csv`). An operator may point us at the country folder
 * or at one chamber folder.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { UnexpectedFormatError } from '../listed-entity';

export const SOURCE = 'everypolitician';

export interface ChamberFiles {
  /** The folder name (`Representatives`, `Senate`), used in problem locations. */
  folder: string;
  /** Term files in term order. */
  terms: { term: number; path: string }[];
  names: string | null;
  positions: string | null;
}

const TERM_FILE = /^term-(\d+)\.csv$/;

/**
 * The chamber folders under `path` (or `path` itself when it is a chamber folder). A path that is not a
 * folder, or a folder without term files, is not this format.
 */
export async function findChamberFolders(path: string): Promise<ChamberFiles[]> {
  const info = await stat(path);
  if (!info.isDirectory()) throw new UnexpectedFormatError(SOURCE, `${path} is not a folder of EveryPolitician CSV files`);
  const own = await chamberFiles(path);
  if (own) return [own];
  const chambers: ChamberFiles[] = [];
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const chamber = await chamberFiles(join(path, entry.name));
    if (chamber) chambers.push(chamber);
  }
  if (chambers.length === 0) throw new UnexpectedFormatError(SOURCE, `no term-NN.csv files in ${path} or its chamber folders`);
  return chambers;
}

async function chamberFiles(folder: string): Promise<ChamberFiles | null> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  const terms = [...files]
    .map((name) => ({ name, match: TERM_FILE.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .map((f) => ({ term: Number(f.match[1]), path: join(folder, f.name) }))
    .sort((a, b) => a.term - b.term);
  if (terms.length === 0) return null;
  const positions = files.has('positions.csv') ? join(folder, 'positions.csv') : entries.some((e) => e.isDirectory() && e.name === 'unstable') ? await unstablePositions(folder) : null;
  return { folder: basename(folder), terms, names: files.has('names.csv') ? join(folder, 'names.csv') : null, positions };
}

/** Upstream keeps positions in `unstable/positions.csv`; a verbatim clone of the repository has it there. */
async function unstablePositions(folder: string): Promise<string | null> {
  const path = join(folder, 'unstable', 'positions.csv');
  return stat(path).then(
    (s) => (s.isFile() ? path : null),
    () => null,
  );
}
