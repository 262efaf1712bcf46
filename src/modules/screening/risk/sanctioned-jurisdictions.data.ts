/**
 * Countries under broad Australian sanctions measures: a country sanctions regime that restricts trade,
 * services or whole sectors, not only dealings with listed persons. This is a different question from
 * the FATF lists (`fatf-jurisdictions.data.ts`): FATF rates a country's AML/CFT controls; these regimes
 * make some dealings with the country itself unlawful without a permit, so a customer connected to one
 * needs a sanctions check of the service, not only of the name.
 *
 * Australia has no blanket embargo on any country, so this is deliberately short: only regimes with
 * broad trade or sector restrictions. Regimes that are arms embargoes plus targeted listings (for
 * example Libya, Myanmar, Zimbabwe, and most UN Security Council regimes) are left out; a named person
 * under any regime is caught by name screening instead. Regions that are not countries (Crimea,
 * Sevastopol and the occupied regions of Ukraine) cannot be expressed as ISO 3166-1 codes and are not
 * covered.
 *
 * Source: DFAT, Australian Sanctions Office, "Sanctions regimes"
 * (https://www.dfat.gov.au/international-relations/security/sanctions/sanctions-regimes), as known in
 * 2025. Several countries eased their Syria sanctions in 2025: check whether Australia's Syria regime
 * still restricts trade before relying on that entry. Review this list with the FATF lists after each
 * FATF plenary (February, June, October) and whenever DFAT announces a new or repealed regime.
 */
import type { ListedJurisdiction } from './fatf-jurisdictions.data';

export const SANCTIONS_REGIMES_URL = 'https://www.dfat.gov.au/international-relations/security/sanctions/sanctions-regimes';

/** Countries under broad Australian sanctions measures, by code. */
export const AUSTRALIAN_SANCTIONED_JURISDICTIONS: readonly ListedJurisdiction[] = [
  { code: 'IR', name: 'Iran' },
  { code: 'KP', name: "Democratic People's Republic of Korea" },
  { code: 'RU', name: 'Russia' },
  { code: 'SY', name: 'Syria' },
];
