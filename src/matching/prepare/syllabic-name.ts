/**
 * Names written as separate one-syllable words, the way Chinese, Korean, Vietnamese and Burmese names
 * are romanised ("LI Fang Wei", "KIM Jong Un", "Aung MIN"). In such names every syllable is part of the
 * identity: "Li Wei" is not "Li Fang Wei", and "Kim Jong" is not "Kim Jong Un", where a Western name
 * missing a middle name still is its bearer. The scorer therefore asks both sides to be covered
 * (`SYLLABIC_BETTER_COVERAGE_WEIGHT`).
 */
export function isSyllabicName(tokens: readonly string[]): boolean {
  return tokens.length >= 2 && tokens.every(isSyllable);
}

/**
 * One romanised syllable: an optional initial (one consonant or a digraph such as zh, ch, ts, ky),
 * one vowel group, and an optional final n, ng, m, k, l, p, t or r. "jong", "un", "fang", "choe",
 * "pyong" are; "ali", "omar", "smith", "bakr" are not.
 */
export function isSyllable(token: string): boolean {
  return token.length <= 6 && SYLLABLE.test(token);
}

const SYLLABLE = /^(?:[bcdfghjklmnpqrstvwxyz]h?|[kpgmbhrn]y|ts|tz|ss|kk|tt|pp|jj|[kpbmhg]w|ry)?[aeiouy]{1,3}(?:ng|n|m|k|l|p|t|r)?$/;
