import type { ListedName } from '../listed-entity';

export type NameScript = ListedName['script'];

const SCRIPT_TESTS: ReadonlyArray<readonly [Exclude<NameScript, 'other'>, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
];

/**
 * Which script a listed name is written in. The matcher compares Latin names directly but has to
 * transliterate the others first, so a name counts as Latin only when every letter in it is Latin;
 * otherwise the non-Latin script with the most letters wins ("other" for Greek, Georgian, Thai...).
 */
export function detectNameScript(name: string): NameScript {
  if (/^[\x20-\x7e]*$/.test(name)) return 'latin'; // plain ASCII, as most listed names are
  const counts = new Map<NameScript, number>();
  for (const char of name) {
    if (!/\p{L}/u.test(char)) continue;
    const script = SCRIPT_TESTS.find(([, test]) => test.test(char))?.[0] ?? 'other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  let best: NameScript = 'latin';
  let bestCount = 0;
  for (const [script, count] of counts) {
    if (script !== 'latin' && count > bestCount) {
      best = script;
      bestCount = count;
    }
  }
  return best;
}
