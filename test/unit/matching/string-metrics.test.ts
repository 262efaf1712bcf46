import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneticKeys } from '../../../src/matching/prepare/phonetic-key';
import { damerauLevenshtein } from '../../../src/matching/stringscore/damerau-levenshtein';
import { jaroWinkler } from '../../../src/matching/stringscore/jaro-winkler';
import { compareTokens, lengthsMayMeet } from '../../../src/matching/stringscore/token-similarity';

const token = (text: string) => ({ text, keys: phoneticKeys(text) });
const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), maxLength: 12 });

describe('jaroWinkler', () => {
  it('matches the published reference values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
  });

  it('is 1 for equal strings and 0 when nothing is shared', () => {
    expect(jaroWinkler('hassan', 'hassan')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'abc')).toBe(0);
  });

  it('stays within [0, 1] and is symmetric', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const s = jaroWinkler(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1 + 1e-12);
        expect(jaroWinkler(b, a)).toBeCloseTo(s, 12);
      }),
    );
  });
});

describe('damerauLevenshtein', () => {
  it('counts an adjacent swap as one edit', () => {
    expect(damerauLevenshtein('hassan', 'hsasan')).toBe(1);
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3);
    expect(damerauLevenshtein('', 'abc')).toBe(3);
  });

  it('stops at the bound and answers bound + 1 beyond it', () => {
    expect(damerauLevenshtein('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(damerauLevenshtein('abc', 'abcdefg', 2)).toBe(3);
  });

  it('is a symmetric distance that is zero only for equal strings', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = damerauLevenshtein(a, b);
        expect(d).toBe(damerauLevenshtein(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('agrees with the unbounded distance wherever that is within the bound', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, bound) => {
        const exact = damerauLevenshtein(a, b);
        expect(damerauLevenshtein(a, b, bound)).toBe(exact <= bound ? exact : bound + 1);
      }),
    );
  });
});

describe('compareTokens', () => {
  it('hears romanisations that differ by a digraph for one Arabic letter, but not names that merely share a key', () => {
    // 0.79 of their letters line up; gh/q and dh/d are one letter each in the romanisations.
    expect(compareTokens(token('ghadaffi'), token('qadhafi'))).toMatchObject({ how: 'phonetic', similarity: 0.9 });
    expect(compareTokens(token('ghathafi'), token('qadhafi'))).toMatchObject({ how: 'phonetic' });
    expect(compareTokens(token('lianhe'), token('linna'))).toBeNull();
  });

  it('calls transliteration variants phonetic', () => {
    expect(compareTokens(token('muhammad'), token('mohammed'))).toMatchObject({ how: 'phonetic' });
    expect(compareTokens(token('qaddafi'), token('gaddafi'))).toMatchObject({ how: 'phonetic' });
    expect(compareTokens(token('usama'), token('osama'))).toMatchObject({ how: 'phonetic' });
  });

  it('forgives one typo in a medium token and two in a long one', () => {
    expect(compareTokens(token('karimov'), token('karinov'))).toMatchObject({ how: 'fuzzy' });
    expect(compareTokens(token('kuznetsova'), token('kuzentsova'))?.similarity).toBeGreaterThan(0.9);
    expect(compareTokens(token('abdulrahman'), token('abdulrahmna'))).not.toBeNull();
  });

  it('does not treat different short names as typos of each other', () => {
    expect(compareTokens(token('ali'), token('ari'))).toBeNull();
    expect(compareTokens(token('ali'), token('eli'))).toBeNull();
    expect(compareTokens(token('bush'), token('habbash'))).toBeNull();
  });

  it('forgives a typo in a short token only when it still sounds the same', () => {
    expect(compareTokens(token('tang'), token('tsang'))).toBeNull();
    expect(compareTokens(token('pak'), token('park'))).toBeNull();
    expect(compareTokens(token('jhon'), token('john'))).not.toBeNull();
    // A plural s is a word's number, not another name.
    expect(compareTokens(token('ural'), token('urals'))).toMatchObject({ how: 'fuzzy' });
  });

  it('matches numbers only exactly', () => {
    expect(compareTokens(token('1'), token('7'))).toBeNull();
    expect(compareTokens(token('2024'), token('2025'))).toBeNull();
    expect(compareTokens(token('2024'), token('2024'))).toMatchObject({ how: 'exact', similarity: 1 });
  });

  it('never meets two different tokens whose lengths the index refuses before reading their letters', () => {
    // Words of few letters, so pairs that sound alike or are a typo apart come up often.
    const close = fc.string({ unit: fc.constantFrom(...'aehkmnst'), minLength: 1, maxLength: 14 });
    fc.assert(
      fc.property(close, close, (a, b) => {
        if (a === b || lengthsMayMeet(Math.min(a.length, b.length), Math.max(a.length, b.length))) return;
        expect(compareTokens(token(a), token(b))).toBeNull();
      }),
      { numRuns: 5000 },
    );
    expect(lengthsMayMeet(4, 6)).toBe(false);
    expect(compareTokens(token('hass'), token('hassan'))).toBeNull();
    expect(lengthsMayMeet(7, 9)).toBe(true);
  });
});
