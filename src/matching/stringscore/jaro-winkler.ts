/**
 * Jaro-Winkler similarity in [0, 1]: the per-token metric of name screening, kind to typos and to
 * spellings that agree on their first letters. Written here rather than taken from a package because it
 * runs thousands of times per scan and must not allocate: the match flags live in two reused arrays
 * (calls are synchronous, so nothing else uses them meanwhile).
 */
export function jaroWinkler(a: string, b: string): number {
  const jaro = jaroSimilarity(a, b);
  if (jaro < WINKLER_BOOST_THRESHOLD) return jaro;
  const limit = Math.min(MAX_PREFIX, a.length, b.length);
  let prefix = 0;
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * PREFIX_SCALE * (1 - jaro);
}

/** Winkler's standard constants: a common prefix of up to 4 characters lifts scores above 0.7. */
const WINKLER_BOOST_THRESHOLD = 0.7;
const MAX_PREFIX = 4;
const PREFIX_SCALE = 0.1;

let matchedA = new Uint8Array(64);
let matchedB = new Uint8Array(64);

export function jaroSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  if (lengthA > matchedA.length || lengthB > matchedB.length) {
    matchedA = new Uint8Array(Math.max(lengthA, matchedA.length * 2));
    matchedB = new Uint8Array(Math.max(lengthB, matchedB.length * 2));
  }
  matchedA.fill(0, 0, lengthA);
  matchedB.fill(0, 0, lengthB);
  let matches = 0;
  for (let i = 0; i < lengthA; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lengthB - 1, i + window);
    const code = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] === 0 && b.charCodeAt(j) === code) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < lengthA; i++) {
    if (matchedA[i] === 0) continue;
    while (matchedB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / lengthA + m / lengthB + (m - transpositions / 2) / m) / 3;
}
