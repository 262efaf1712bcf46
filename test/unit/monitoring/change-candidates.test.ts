/** The reverse search of a release's changed entities among enrolled customers, and the one-word-name check beside it. */
import { describe, expect, it } from 'vitest';
import { MatchIndex } from '../../../src/matching';
import { customersReachedBy, thinCustomersMatching } from '../../../src/modules/monitoring/change-candidates';
import { customerAsEntity, isThinName, type CustomerRow } from '../../../src/modules/monitoring/customer-index';

const customer = (id: string, name: string, entity_type: 'person' | 'organisation' = 'person'): CustomerRow => ({ id, name, entity_type });
const listed = (name: string, kind: 'person' | 'organisation' = 'person') => ({ ...customerAsEntity(customer('L-1', name, kind)), source: 'test-list' });

describe('finding the customers a changed entity reaches', () => {
  const customers = [
    customer('c-1', 'Corvinia Maelstrand Quellwood'),
    customer('c-2', 'Bertrand Oakshaw Pellinore'),
    customer('c-3', 'Quellwood Shipping Pty Ltd', 'organisation'),
    customer('c-4', 'Nadia Quellwood; Corvinia M. Quellwood'),
  ];
  const index = MatchIndex.build(customers.map(customerAsEntity));

  it('finds the customer whose name the listed name matches, in another order, and no unrelated one', () => {
    const found = new Set<string>();
    customersReachedBy(index, listed('QUELLWOOD, Corvinia Maelstrand'), found);
    expect(found.has('c-1')).toBe(true);
    expect(found.has('c-2')).toBe(false);
  });

  it('searches every name a customer was screened under (a request naming several)', () => {
    const found = new Set<string>();
    customersReachedBy(index, listed('Nadia QUELLWOOD'), found);
    expect(found.has('c-4')).toBe(true);
    expect(found.has('c-2')).toBe(false);
  });

  it('finds customers of the other type too, so a scan’s type mismatches are candidates', () => {
    const found = new Set<string>();
    customersReachedBy(index, listed('QUELLWOOD SHIPPING PTY LTD', 'organisation'), found);
    expect(found.has('c-3')).toBe(true);
  });
});

describe('one-word customer names', () => {
  it('are the names with one name word once titles, particles and legal forms are set aside', () => {
    expect(isThinName('Haji KIM', 'person')).toBe(true);
    expect(isThinName('Mullah KIM', 'person')).toBe(true);
    expect(isThinName('John Smith', 'person')).toBe(false);
    expect(isThinName('KIM Jong Un', 'person')).toBe(false);
  });

  it('are checked the scan’s way against the changed entities: matched when a scan would match, not otherwise', () => {
    const thin = [customer('t-1', 'Haji Kimbrough'), customer('t-2', 'Haji Pellinore')];
    const found = new Set<string>();
    thinCustomersMatching(MatchIndex.build([listed('KIMBROUGH')]), thin, found);
    expect([...found]).toEqual(['t-1']);
  });
});
