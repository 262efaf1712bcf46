/**
 * fast-check arbitraries for hostile scalar values: the strings, numbers and raw bytes that break
 * parsers, databases and renderers (NUL, lone surrogates, bidi controls, combining runs, 100 kB+ text,
 * overlong UTF-8), so every field of every operation meets them.
 */
import fc from 'fast-check';

/** Strings chosen by hand because each has broken something somewhere. */
export const EDGE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y\ud83d',
  '\u202eevil\u202c',
  '\u200f\u200e\u2066\u2069',
  'e' + '\u0301'.repeat(300),
  'Z̷̛̼͖̈́a̵̜̓l̸̰̇g̸̡̈o̶̧͆',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
  '\u{1F600}\u{1F4A9}\u{1F1E6}\u{1F1FA}',
  '\ufeff',
  '\ufffe\uffff',
  '\u2028\u2029',
  '\t\r\n\v\f',
  '\u0085\u00a0\u3000',
  'İıſK',
  'ﬀ ǅ ß',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e308',
  '9007199254740993',
  "'; drop table scans; --",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\\u0000',
  '__proto__',
  'constructor',
  '😀'.repeat(600),
  'a'.repeat(513),
];

/** Text long enough to cross every field limit (100 kB and more), built by repetition so generation stays cheap. */
export const hugeString = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom('a', 'é', '\u{1F600}', '\u0000', 'e\u0301', ' ', '\ud800'), fc.integer({ min: 100_001, max: 160_000 }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any hostile string: hand-picked, random code units (lone surrogates included), graphemes, or huge. */
export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 32 }) },
    { weight: 1, arbitrary: hugeString() },
  );

/** A hostile string short enough for a URL (the request line must stay under Node's 16 kB header limit). */
export const hostileUrlString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...EDGE_STRINGS.filter((s) => s.length > 0 && s.length < 2_000)) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 64 }) },
    { weight: 1, arbitrary: fc.constantFrom('a', '\u{1F600}', '%', 'é').chain((unit) => fc.integer({ min: 300, max: 1_000 }).map((n) => unit.repeat(n))) },
  );

/** Numbers at the edges: zero, negatives, 2^53 and past it, the extremes of a double. */
export const boundaryNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(0, -0, -1, 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 5e-324, 0.1, 1.5, 99.999),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
  );

/** Query-string renderings of numbers a JSON body cannot carry. */
export const NUMERIC_LOOKALIKES: readonly string[] = ['NaN', 'Infinity', '-Infinity', '1e308', '1e309', '0x1F', '0b11', '1_000', ' 5', '5 ', '+5', '-0', '00', '9007199254740993', '1.0', '.5'];

/** Byte sequences that are not valid UTF-8 (overlong, surrogate halves, truncated, out of range). */
export const INVALID_UTF8: readonly Buffer[] = [
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe0, 0x80, 0xaf]),
  Buffer.from([0xf0, 0x80, 0x80, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xed, 0xbf, 0xbf]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0x00]),
];

/** Percent-encodes every byte of the UTF-8 form of `text` (lone surrogates become U+FFFD, as a browser would send). */
export function percentEncode(text: string): string {
  return percentEncodeBytes(Buffer.from(text, 'utf8'));
}

/** Percent-encodes raw bytes, so invalid UTF-8 can travel in a path or query. */
export function percentEncodeBytes(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  return out;
}
