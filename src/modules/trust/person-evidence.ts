/**
 * When a record of ASIC's banned and disqualified persons register is about *this* person. The register
 * carries no date of birth, so a name, however exact, is never enough: a record counts only when a fact
 * both sides carry agrees as well, either the register's document number given by the caller, or the
 * listed address (locality, state, postcode) against an address we hold for the person: the ABR business
 * address of a sole trader (the bulk extract gives only state and postcode), or an address the caller
 * gives for a director. Anything less is a possible match that needs confirmation, with the reason.
 */
import type { EntryHit } from '../registers/register-search.store';

/** A person checked against the register, with the facts that can corroborate a name hit. */
export interface PersonToCheck {
  name: string;
  locality: string | null;
  state: string | null;
  postcode: string | null;
  /** Where the address came from, for the evidence sentence ("the ABR business address"). */
  addressFrom: string | null;
  documentNumber: string | null;
}

export type PersonLink = { counted: true; evidence: string } | { counted: false; reason: string; unresolved: boolean };

/** "#004289112", "4289112" and "0042 89112" are the same document number. */
export const documentNumberKey = (value: string | null | undefined) => (value ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/^0+/, '');
const placeKey = (value: string | null | undefined) => (value ?? '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

const listedAddress = (detail: Record<string, string | null>) => [detail.locality, [detail.state, detail.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ') || 'no address';

/** Whether `hit` (found by the person's name) is this person, and on what evidence. */
export function linkBannedPerson(person: PersonToCheck, hit: EntryHit): PersonLink {
  const detail = hit.detail;
  const givenDocument = documentNumberKey(person.documentNumber);
  const listedDocument = documentNumberKey(detail.document_number);
  if (givenDocument && listedDocument) {
    if (givenDocument === listedDocument) return { counted: true, evidence: `the register's document number ${detail.document_number} given for ${person.name}` };
    return { counted: false, unresolved: false, reason: `the document number given for ${person.name} is not this record's (${detail.document_number}).` };
  }
  const parts: [string, string, string][] = [
    ['postcode', placeKey(person.postcode), placeKey(detail.postcode)],
    ['locality', placeKey(person.locality), placeKey(detail.locality)],
    ['state', placeKey(person.state), placeKey(detail.state)],
  ];
  const compared = parts.filter(([, ours, theirs]) => ours && theirs);
  const samePostcode = compared.some(([part, ours, theirs]) => part === 'postcode' && ours === theirs);
  if (person.addressFrom && compared.length >= 2 && samePostcode && compared.every(([, ours, theirs]) => ours === theirs)) {
    return { counted: true, evidence: `the address the register lists (${listedAddress(detail)}) matching ${person.addressFrom} (${compared.map(([part]) => part).join(', ')})` };
  }
  const confirm = `confirm with the register's document number${detail.document_number ? ` (${detail.document_number})` : ''} or the person's address (POST \`directors\` with \`document_number\` or \`locality\`, \`state\` and \`postcode\`).`;
  if (person.addressFrom && compared.length) {
    const differing = compared.filter(([, ours, theirs]) => ours !== theirs).map(([part]) => part);
    const why = differing.length ? `its ${differing.join(' and ')} differ from ${person.addressFrom}` : `${person.addressFrom} holds too little of an address to compare`;
    return { counted: false, unresolved: true, reason: `the register lists ${listedAddress(detail)}; ${why}. The register has no date of birth, so the name alone does not identify the person; ${confirm}` };
  }
  return { counted: false, unresolved: true, reason: `the register has no date of birth, and nothing but the name was compared; ${confirm}` };
}
