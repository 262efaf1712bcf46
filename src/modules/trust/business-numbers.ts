/**
 * Business numbers as the Trust Score cites them. The ABN/ACN checksums live with the register readers in
 * `src/sources/common/business-numbers.ts` (the sources validate what they load and sit below the domain).
 */

/** The ABR's public page for an ABN, for citing a Trust Score (spec, Versioning 5). */
export function abrEntityUrl(abn: string): string {
  return `https://abr.business.gov.au/ABN/View?abn=${abn}`;
}
