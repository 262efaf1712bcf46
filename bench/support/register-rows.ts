/** Published register and list files (comma CSV with quotes, or tab-separated) read as header-keyed rows. */
import { readFile } from 'node:fs/promises';

/** The non-empty values of one column. */
export async function columnOf(path: string, column: string): Promise<string[]> {
  return (await rowsOf(path)).map((row) => row[column]?.trim() ?? '').filter((value) => value !== '');
}

/** Rows of a published register file as header-keyed records: comma CSV (quoted) or tab-separated. */
export async function rowsOf(path: string): Promise<Record<string, string>[]> {
  const lines = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
  const tabbed = (lines[0] ?? '').includes('\t');
  const split = (line: string) => (tabbed ? line.split('\t') : splitCsvLine(line));
  const header = split(lines[0] ?? '');
  return lines.slice(1).map((line) => {
    const cells = split(line);
    return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
  });
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
