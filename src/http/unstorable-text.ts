/**
 * Text PostgreSQL cannot store: U+0000 (refused in `text` and `jsonb`) and unpaired UTF-16 surrogates
 * (not Unicode, so not valid UTF-8 either). Found in request input before validation, so such a request
 * is a 422 naming the field instead of a 500 from the database halfway through a write.
 */
import type { ValidationIssue } from '../errors';

const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function problemOf(text: string): string | undefined {
  if (text.includes(NUL)) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it contains an unpaired surrogate)';
  return undefined;
}

/** A value still to look at; it links to its parent, so a path is only built for the one bad value (a path copied into every entry would be quadratic in the depth of a deeply nested body). */
interface Entry {
  value: unknown;
  key?: string | number;
  parent?: Entry;
}

/** The keys from the walk's root down to `entry` (module-level, not a closure: it runs for every request body). */
function pathOf(entry: Entry): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Entry | undefined = entry; at?.parent; at = at.parent) path.unshift(at.key!);
  return path;
}

/**
 * The first string value or object key in `input` that cannot be stored, as a 422 issue located under
 * `place`. Walks iteratively, so a deeply nested body cannot overflow the stack.
 */
export function unstorableTextIssue(place: string, input: unknown): ValidationIssue | undefined {
  const pending: Entry[] = [{ value: input }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const { value } = entry;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return { loc: [place, ...pathOf(entry)], msg: problem, type: 'invalid_text' };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: index, parent: entry }));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const problem = problemOf(key);
        if (problem) return { loc: [place, ...pathOf(entry), key], msg: `field name ${problem}`, type: 'invalid_text' };
        pending.push({ value: item, key, parent: entry });
      }
    }
  }
  return undefined;
}
