import { describe, expect, it } from 'vitest';
import type { EntryHit } from '../../../src/modules/registers/register-search.store';
import { AUSTRAC_ENTITY_LINKS, legalNameKey, linkAction, whyActionNotCounted } from '../../../src/modules/trust/austrac-links';
import { checkAbn, checkAcn } from '../../../src/sources/common/business-numbers';
import { documentNumberKey, linkBannedPerson, type PersonToCheck } from '../../../src/modules/trust/person-evidence';
import { legalNameFromText } from '../../../src/sources/austrac/enforcement';

const hit = (overrides: Partial<EntryHit> = {}): EntryHit => ({
  source: 'asic_banned_persons',
  version: 1,
  name: 'SMITH, JOHN',
  acn: null,
  abn: null,
  category: 'Banned Securities',
  startDate: '2020-01-01',
  endDate: null,
  url: null,
  detail: { document_number: '#012345678', locality: 'MELBOURNE', state: 'VIC', postcode: '3000' },
  matchedBy: 'name',
  ...overrides,
});
const person = (overrides: Partial<PersonToCheck> = {}): PersonToCheck => ({ name: 'John Smith', locality: null, state: null, postcode: null, addressFrom: null, documentNumber: null, ...overrides });

describe('when a banned person record is this person', () => {
  it('never on the name alone', () => {
    expect(linkBannedPerson(person(), hit())).toMatchObject({ counted: false, unresolved: true, reason: expect.stringMatching(/no date of birth/) });
  });

  it("on the register's document number, however it is written, and a different number rules the record out", () => {
    expect(documentNumberKey('#012345678')).toBe(documentNumberKey('12345678'));
    expect(linkBannedPerson(person({ documentNumber: '12345678' }), hit())).toMatchObject({ counted: true });
    expect(linkBannedPerson(person({ documentNumber: '#099' }), hit())).toMatchObject({ counted: false, unresolved: false });
  });

  it('on the listed address: the postcode with the locality or the state, nothing compared differing', () => {
    const given = (a: Partial<PersonToCheck>) => person({ addressFrom: 'the address given', ...a });
    expect(linkBannedPerson(given({ locality: 'Melbourne', state: 'VIC', postcode: '3000' }), hit())).toMatchObject({ counted: true });
    expect(linkBannedPerson(given({ state: 'vic', postcode: '3000' }), hit())).toMatchObject({ counted: true });
    expect(linkBannedPerson(given({ postcode: '3000' }), hit())).toMatchObject({ counted: false }); // a postcode alone is too little
    expect(linkBannedPerson(given({ locality: 'Docklands', state: 'VIC', postcode: '3000' }), hit())).toMatchObject({ counted: false, unresolved: true });
    expect(linkBannedPerson(given({ state: 'VIC', postcode: '3008' }), hit())).toMatchObject({ counted: false, reason: expect.stringMatching(/postcode differ/) });
  });
});

describe('linking AUSTRAC actions to legal entities', () => {
  const action = (overrides: Partial<EntryHit> = {}) => hit({ source: 'austrac_enforcement', name: 'Westpac', detail: { title: 'AUSTRAC commences proceedings against Westpac' }, ...overrides });

  it('keeps a link table whose identifiers pass their checksums and agree with each other', () => {
    for (const link of AUSTRAC_ENTITY_LINKS) {
      if (link.abn) expect(checkAbn(link.abn).valid).toBe(true);
      if (link.acn) expect(checkAcn(link.acn).valid).toBe(true);
      if (link.abn && link.acn) expect(link.abn.slice(2)).toBe(link.acn);
    }
  });

  it("counts an action by the ABN of the link table's legal entity, and never by the headline name", () => {
    expect(linkAction(action(), { abn: '33007457141', acns: [], legalNames: ['WESTPAC BANKING CORPORATION'] })).toMatch(/^ABN 33 007 457 141 \(Chief Executive Officer/);
    expect(linkAction(action(), { abn: '53004085616', acns: ['004085616'], legalNames: ['WESTPAC PTY LTD'] })).toBeNull();
    expect(whyActionNotCounted(action())).toMatchObject({ unresolved: false, reason: expect.stringMatching(/^the action is against Westpac Banking Corporation, ABN 33 007 457 141/) });
  });

  it('counts by the legal name the action names, compared whole (legal-form spellings unified, never dropped)', () => {
    const mutual = action({ name: 'Harbour Mutual', detail: { legal_name: 'Harbour Mutual Bank Limited' } });
    expect(linkAction(mutual, { abn: '53004085616', acns: [], legalNames: ['HARBOUR MUTUAL BANK LTD'] })).toMatch(/^the legal name HARBOUR MUTUAL BANK LTD \(the action's own text\)$/);
    expect(linkAction(mutual, { abn: '53004085616', acns: [], legalNames: ['HARBOUR MUTUAL PTY LTD'] })).toBeNull();
    expect(legalNameKey('The Example Proprietary Limited')).toBe(legalNameKey('EXAMPLE PTY. LTD.'));
    expect(legalNameKey('Westpac')).not.toBe(legalNameKey('Westpac Pty Ltd'));
    expect(whyActionNotCounted(action({ name: 'Smalltown Remit' }))).toMatchObject({ unresolved: true });
  });

  it("reads the legal name an action's text defines for its title's short name, and nothing else in brackets", () => {
    expect(legalNameFromText('AUSTRAC has applied for civil penalty orders against Westpac Banking Corporation (Westpac).', 'Westpac')).toBe('Westpac Banking Corporation');
    expect(legalNameFromText('The Commonwealth Bank of Australia (CBA) will pay', 'CBA')).toBe('Commonwealth Bank of Australia');
    expect(legalNameFromText('Mounties Group (a registered club) agreed', 'Mounties Group')).toBeNull();
  });
});
