/**
 * Who a scan was about, for remembering reviewers' rulings: the same customer of an account is the same
 * entity type, the same normalised name and, for a person, the same date of birth. A person screened
 * without a date of birth has no key: a name alone does not tell two customers apart, and a ruling
 * carried to the wrong person would hide a match. (Monitoring enrolments carry rulings by their id too.)
 */

/** Where a scan's rulings are remembered: the account, its customer key and the enrolment being swept. */
export interface CustomerScope {
  accountId: string;
  customerKey: string | null;
  enrolmentId?: string | null;
}

/**
 * The name as a key: Unicode compatibility forms folded, lower case, anything that is not a letter,
 * mark or digit treated as a separator, and the words sorted, so "SMITH, John" and "John Smith" are
 * one customer. Diacritics are kept (José and Jose may be two people); a miss only shows a match again.
 */
export function normaliseCustomerName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .sort()
    .join(' ');
}

/** The customer key of a scan request, or null when it cannot identify the customer (a person without a date of birth). */
export function customerKeyOf(request: { entity_type: 'person' | 'organisation'; name: string; dob?: string | null }): string | null {
  const name = normaliseCustomerName(request.name);
  if (name.length === 0) return null;
  if (request.entity_type === 'person') return request.dob ? `person|${request.dob}|${name}` : null;
  return `organisation||${name}`;
}
