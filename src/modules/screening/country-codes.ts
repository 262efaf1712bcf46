/** ISO 3166-1 alpha-2 codes, from the i18n-iso-countries package's list of officially assigned codes. */
import countries from 'i18n-iso-countries';

const ASSIGNED = new Set(Object.keys(countries.getAlpha2Codes()));

export function isIsoAlpha2(code: string): boolean {
  return ASSIGNED.has(code);
}
