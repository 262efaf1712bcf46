/**
 * Which kind of politically exposed person a PEP list holds. The AML/CTF Act and AUSTRAC's guidance
 * ("Politically exposed persons", AML/CTF reform guidance) treat the kinds differently: enhanced CDD is
 * mandatory for a foreign PEP, and for a domestic or international organisation PEP only when the ML/TF
 * risk is high, which the reporting entity must determine. The kind is a property of the list (an
 * Australian parliament's members are domestic PEPs), so it is decided here by source.
 */

export type PepCategory = 'domestic' | 'foreign' | 'international_organisation' | 'unknown';

/** PEP lists whose people are all Australian (domestic) PEPs, with what they are, for risk factors. */
const DOMESTIC_PEP_SOURCES: Readonly<Record<string, string>> = {
  everypolitician: 'Australian federal parliamentarian',
};

/**
 * The PEP category of a list. Lists mixing many countries (OpenSanctions `peps`) are `unknown` and are
 * treated as foreign PEPs by the risk model until a reviewer establishes otherwise.
 */
export function pepCategoryOfSource(source: string): PepCategory {
  return DOMESTIC_PEP_SOURCES[source] !== undefined ? 'domestic' : 'unknown';
}

/** What the list's people are (`Australian federal parliamentarian`), or null for a mixed list. */
export function pepDescriptionOfSource(source: string): string | null {
  return DOMESTIC_PEP_SOURCES[source] ?? null;
}
