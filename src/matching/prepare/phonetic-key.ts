import { doubleMetaphone } from 'double-metaphone';

/**
 * Sound-alike keys of a folded token (Double Metaphone, primary and alternate). Transliterations of one
 * name share them where spelling differs: Mohammed/Muhammad/Mohamad (MHMT), Qaddafi/Gaddafi/Kadhafi
 * (KTF), Osama/Usama (ASM), Hussein/Husayn (HSN). Tokens with digits and single letters have none:
 * "7" must not sound like anything, and an initial is matched as an initial.
 */
export function phoneticKeys(token: string): readonly string[] {
  if (token.length < 2 || HAS_DIGIT.test(token)) return NO_KEYS;
  const [primary, alternate] = doubleMetaphone(token);
  if (primary === '') return alternate === '' ? NO_KEYS : [alternate];
  return alternate === '' || alternate === primary ? [primary] : [primary, alternate];
}

/**
 * `phoneticKeys` remembered for recently seen query tokens: every scan needs them for each of its
 * tokens, and the same names come back all day. (The index computes its own once, uncached.)
 */
export function rememberedPhoneticKeys(token: string): readonly string[] {
  let keys = recent.get(token);
  if (keys === undefined) {
    keys = phoneticKeys(token);
    if (recent.size >= REMEMBERED_TOKENS) recent.clear();
    recent.set(token, keys);
  }
  return keys;
}

const REMEMBERED_TOKENS = 20_000;
const recent = new Map<string, readonly string[]>();
const NO_KEYS: readonly string[] = [];
const HAS_DIGIT = /[0-9]/;
