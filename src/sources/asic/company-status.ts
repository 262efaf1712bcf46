/**
 * ASIC company status codes in words, as ASIC's company dataset help describes them, for answers a
 * person reads. An unknown code is shown as published rather than guessed.
 */
const STATUS_MEANINGS: Record<string, string> = {
  REGD: 'registered',
  DRGD: 'deregistered',
  EXAD: 'under external administration (liquidation, administration, receivership or a deed of company arrangement)',
  SOFF: 'strike-off action in progress',
  NOAC: 'not active',
};

export function describeCompanyStatus(code: string): string {
  return STATUS_MEANINGS[code] ?? `status code ${code}`;
}
