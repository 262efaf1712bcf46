import anyAscii from 'any-ascii';

/** Words that only say what kind of legal entity a name is; dropped so "ACME PTY LTD" finds "Acme Pty. Limited". */
const LEGAL_FORM_WORDS = new Set(['pty', 'ltd', 'limited', 'proprietary', 'inc', 'incorporated', 'the', 'trustee', 'for', 'co', 'company', 'corporation', 'corp']);

/**
 * The key two spellings of one name share in the registers: transliterated to ASCII, lower case,
 * punctuation gone, legal-form words dropped, and the words sorted, so "CITIZEN, JOHN WILLIAM" (ASIC's
 * surname-first style) and "John William Citizen" meet. Exact on the words that remain: a register
 * hit decides a sub-score, so near-misses are left to the screening engine, which explains its scores.
 */
export function registerNameKey(name: string): string {
  const words = anyAscii(name)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !LEGAL_FORM_WORDS.has(w));
  return [...new Set(words)].sort().join(' ');
}

/** 9 digits after removing spaces, or null. */
export function acnOrNull(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\s+/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** 11 digits after removing spaces, or null. */
export function abnOrNull(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\s+/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/** dd/mm/yyyy (ASIC's style) as yyyy-mm-dd; null for empty or impossible dates. */
export function ausDate(value: string | null | undefined): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value ?? '');
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
