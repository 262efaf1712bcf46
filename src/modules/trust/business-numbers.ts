/**
 * Business numbers as the trust context uses them. The checksums live with the register readers in
 * `src/sources/common` (the sources validate what they load and sit below the domain); they are
 * re-exported here so the domain and its tests keep one import for ABNs and ACNs.
 */
export { acnWithinAbn, checkAbn, checkAcn, type NumberCheck } from '../../sources/common/business-numbers';

/** The ABR's public page for an ABN, for citing a Trust Score (spec, Versioning 5). */
export function abrEntityUrl(abn: string): string {
  return `https://abr.business.gov.au/ABN/View?abn=${abn}`;
}
