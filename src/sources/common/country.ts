import countries from 'i18n-iso-countries';
import { cleanValue, splitLettered } from './clean-text';
import { COUNTRY_ALIASES, DEMONYMS } from './country-names';

/**
 * Country text → ISO 3166-1 alpha-2. Lists name countries every way there is ("Russia", "Russian
 * Federation", "Russian", "Korea, North", "Iran (Islamic Republic of)"); the matcher compares codes,
 * so each loader resolves here and keeps text it cannot resolve as published.
 */

let index: Map<string, string> | null = null;

/** Lower-case ASCII words: "Türkiye" → "turkiye", "People's" → "peoples", "Congo, The" → "congo the". */
export function normaliseCountryName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

function countryIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  const add = (name: string, code: string) => {
    const key = normaliseCountryName(name);
    if (key && !index!.has(key)) index!.set(key, code);
  };
  for (const [code, names] of Object.entries(countries.getNames('en', { select: 'all' }))) {
    for (const name of names) {
      add(name, code);
      const inverted = /^(.+?), (.+)$/.exec(name);
      if (inverted) add(`${inverted[2]} ${inverted[1]}`, code);
    }
  }
  for (const [name, code] of Object.entries({ ...COUNTRY_ALIASES, ...DEMONYMS })) add(name, code);
  return index;
}

/** The alpha-2 code for one country name or nationality adjective, or null when it does not resolve. */
export function resolveCountry(text: string | null | undefined): string | null {
  const value = cleanValue(text);
  if (value === null) return null;
  const lookup = countryIndex();
  const candidates = [value, value.replace(/\([^)]*\)/g, ' '), value.replace(/^(possibly|probably|former|region:)\s+/i, '')];
  const inverted = /^([^,]+),\s*([^,]+)$/.exec(value);
  if (inverted) candidates.push(`${inverted[2]} ${inverted[1]}`);
  for (const candidate of candidates) {
    const code = lookup.get(normaliseCountryName(candidate));
    if (code) return code;
  }
  return null;
}

/** An ISO alpha-2 code as OpenSanctions publishes it ("ru"), upper-cased; other codes stay as given. */
export function countryFromCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && countries.isValid(upper) ? upper : code.trim();
}

/**
 * Every country in a published field that may list several ("Afghanistan, Pakistan",
 * "a) Russian b) USSR (until 1991)", "Australia and Egypt", "Somalia;\nKenya"): codes where they
 * resolve, the cleaned text otherwise. Whole names containing "and" ("Trinidad and Tobago") win
 * over splitting.
 */
export function countriesFromText(text: string | null | undefined): string[] {
  const value = cleanValue(text);
  if (value === null) return [];
  const whole = resolveCountry(value);
  if (whole) return [whole];
  const result: string[] = [];
  for (const item of splitLettered(value)) {
    for (const part of item.split(/[,;:/\n]+/)) {
      const partValue = cleanValue(part);
      if (partValue === null) continue;
      const code = resolveCountry(partValue);
      if (code) {
        result.push(code);
        continue;
      }
      const pieces = partValue.split(/\s+and\s+/i).map((piece) => resolveCountry(piece));
      if (pieces.length > 1 && pieces.every((piece) => piece !== null)) result.push(...(pieces as string[]));
      else result.push(partValue);
    }
  }
  return [...new Set(result)];
}
