import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tests run on what a clone holds: fixtures under test/fixtures, cut from the shared data folder by
 * kept scripts (scripts/cut-fixtures.ts, scripts/everypolitician-fixtures.ts), never the folder itself,
 * which is not part of the repository. Only the benchmarks (bench/) read it, as optional input.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const SELF = relative(ROOT, __filename);

/** What reaching for the shared data folder looks like: its paths, its variables, the bench's reader. */
const SHARED_DATA_REFERENCE = /shared\/data|shared[-_]data\b|SHARED_(DATA|LISTS|REGISTERS)_DIR|sharedData(Path|File|Folder|Dir)\b/;

function testSources(): string[] {
  return (readdirSync(join(ROOT, 'test'), { recursive: true }) as string[])
    .filter((name) => /\.(ts|mts|js|mjs)$/.test(name))
    .map((name) => join('test', name))
    .filter((file) => file !== SELF);
}

/** `file:line: text` for every line that refers to the shared data folder. */
function sharedDataReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => (SHARED_DATA_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('the tests stand on their own', () => {
  it('recognises the ways a test would reach the shared data folder', () => {
    expect(sharedDataReferences('a.ts', "const p = sharedDataFile('lists', 'un');")).toHaveLength(1);
    expect(sharedDataReferences('a.ts', "import { sharedDataPath } from '../../bench/support/shared-data';")).toHaveLength(1);
    expect(sharedDataReferences('a.ts', "const dir = process.env.SHARED_LISTS_DIR ?? '/work/shared/data/lists';")).toHaveLength(1);
    expect(sharedDataReferences('a.ts', "resolve(__dirname, '../../../shared/data')")).toHaveLength(1);
    expect(sharedDataReferences('a.ts', "const FIXTURES = resolve(__dirname, '../../fixtures/lists');")).toEqual([]);
  });

  it('no test file names the shared data folder', () => {
    const found = testSources().flatMap((file) => sharedDataReferences(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
