import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's documentation must stand on its own: a clone anywhere has every file a README or
 * docs link names, and nothing points outside it (the shared folder beside our machines' checkouts is
 * not part of a clone). Links are checked to the file; an anchor after `#` is not checked.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const README_MAX_LINES = 200;

interface MarkdownLink {
  file: string;
  line: number;
  target: string;
}

function markdownFiles(): string[] {
  const docs = (readdirSync(join(ROOT, 'docs'), { recursive: true }) as string[])
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs.sort()];
}

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`, outside code. */
function linksIn(file: string, text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fenced = false;
  text.split('\n').forEach((raw, index) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)) links.push({ file, line: index + 1, target: match[1]! });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (definition) links.push({ file, line: index + 1, target: definition[1]! });
  });
  return links;
}

/** Why a relative link does not resolve inside the repository, or null when it does (or is not relative). */
function problemOf(link: MarkdownLink): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target) || link.target.startsWith('#')) return null; // a URL, or this page
  const path = decodeURIComponent(link.target.replace(/[#?].*$/, ''));
  if (isAbsolute(path)) return 'an absolute path';
  const resolved = resolve(ROOT, dirname(link.file), path);
  const inside = relative(ROOT, resolved);
  if (inside.startsWith('..') || isAbsolute(inside)) return 'outside the repository';
  if (!existsSync(resolved)) return 'no such file';
  return null;
}

describe('documentation links', () => {
  const files = markdownFiles();
  const links = files.flatMap((file) => linksIn(file, readFileSync(join(ROOT, file), 'utf8')));

  it('finds the links of the README and every docs page', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', join('docs', 'architecture.md'), join('docs', 'testing.md')]));
    expect(links.filter((link) => link.file === 'README.md').length).toBeGreaterThan(20);
  });

  it('resolves every relative link to a file inside the repository', () => {
    const broken = links.flatMap((link) => {
      const problem = problemOf(link);
      return problem ? [`${link.file}:${link.line} → ${link.target} (${problem})`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('reads links the way a markdown renderer does: code is not a link, titles and anchors are not the path', () => {
    const sample = ['[a](docs/a.md#part "Title")', '`[b](not-a-link.md)`', '```', '[c](in-a-fence.md)', '```', '[d]: ../outside.md', '![e](img/e.png)'].join('\n');
    expect(linksIn('README.md', sample).map((link) => link.target)).toEqual(['docs/a.md#part', '../outside.md', 'img/e.png']);
    expect(problemOf({ file: 'README.md', line: 1, target: '../shared/spec/interface-spec.md' })).toBe('outside the repository');
    expect(problemOf({ file: 'docs/api/scans.md', line: 1, target: '../risk-model.md#inputs' })).toBeNull();
    expect(problemOf({ file: 'README.md', line: 1, target: 'docs/no-such-page.md' })).toBe('no such file');
  });
});

describe('README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it(`fits in ${README_MAX_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('names no path outside the repository', () => {
    expect(readme.match(/\.\.\/[\w.-]+/g) ?? []).toEqual([]);
  });
});
