/**
 * Published lists are typed by hand: cells carry non-breaking spaces, stray line breaks, trailing
 * blanks and placeholders such as "NA" or OFAC's "-0-". Every loader passes text through here so the
 * matching index never sees that noise.
 */

/** Whitespace other than single inner spaces: leading, trailing, doubled, or not a plain space. */
const NEEDS_CLEANING = /^\s|\s$|[^\S ]|\s\s|[\u200b\ufeff]/;

const PLACEHOLDERS = new Set(['', '-', '-0-', 'na', 'n/a', 'nil', 'none', 'unknown', 'not known', 'undetermined', 'none identified', '""']);

/** Collapses all whitespace (including NBSP and line breaks) to single spaces; null when empty. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!NEEDS_CLEANING.test(value)) return value; // most cells are already clean: skip the copy
  const text = value.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
  return text === '' ? null : text;
}

/** Like {@link cleanText}, but also treats a published "nothing here" placeholder as empty. */
export function cleanValue(value: string | null | undefined): string | null {
  const text = cleanText(value);
  if (text === null || PLACEHOLDERS.has(text.toLowerCase())) return null;
  return text;
}

/** Splits a multi-valued field on a separator, dropping empty parts and placeholders. */
export function splitValues(value: string | null | undefined, separator: string | RegExp = ';'): string[] {
  if (value === null || value === undefined) return [];
  const parts: string[] = [];
  for (const part of value.split(separator)) {
    const text = cleanValue(part);
    if (text !== null) parts.push(text);
  }
  return parts;
}

/**
 * Splits DFAT-style enumerations ("a) first b) second") into their items; text without list
 * markers comes back as one item.
 */
export function splitLettered(value: string): string[] {
  const items = value.split(/(?:^|\s)[a-z]\)\s*/i);
  return items.map((item) => cleanValue(item)).filter((item): item is string => item !== null);
}
