/** The reverse search of a release's changed entities among enrolled customers, and the one-word-name check beside it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_THRESHOLD, MatchIndex } from '../../../src/matching';
import { customersReachedBy, REVERSE_MARGIN, thinCustomersMatching } from '../../../src/modules/monitoring/change-candidates';
import { customerAsEntity } from '../../../src/modules/monitoring/customer-index';
import type { CustomerRow } from '../../../src/modules/monitoring/customer-row';
import { isThinName, ThinCustomers } from '../../../src/modules/monitoring/thin-customers';
import { loadTrapListEntities } from '../matching/trap-lists-index';

const customer = (id: string, name: string, entity_type: 'person' | 'organisation' = 'person'): CustomerRow => ({ id, name, entity_type });
const listed = (name: string, kind: 'person' | 'organisation' = 'person', sourceId = 'L-1') => ({ ...customerAsEntity(customer(sourceId, name, kind)), source: 'test-list' });

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
    const thin = ThinCustomers.of([customer('t-1', 'Haji Kimbrough'), customer('t-2', 'Haji Pellinore')]);
    const found = new Set<string>();
    thinCustomersMatching([listed('KIMBROUGH')], [thin], found);
    expect([...found]).toEqual(['t-1']);
  });

  it('stay candidates when a changed entity matches them, though the reverse search misses them; a changed entity reaches only the customers holding its words', () => {
    const rows = [
      customer('kimbrough', 'Haji Kimbrough'),
      customer('kim', 'Haji KIM'),
      customer('far', 'Haji Pellinore'),
      customer('org', 'Kimbrough Pty Ltd', 'organisation'),
      customer('full', 'Olaf Kimbrough Hastings'),
    ];
    const thin = ThinCustomers.of(rows);
    expect(thin.rows.map((c) => c.id)).toEqual(['kimbrough', 'kim', 'far', 'org']);
    const changed = [listed('KIMBROUGH Olaf', 'person', 'L-1'), listed('KIM', 'person', 'L-2')];
    // A long listed name covers little of itself on a one-word customer: the reverse search misses it.
    const reverse = new Set<string>();
    for (const entity of changed) customersReachedBy(MatchIndex.build(rows.map(customerAsEntity)), entity, reverse);
    expect(reverse.has('kimbrough')).toBe(false);
    const reached = thin.reachedBy(changed).map((c) => c.id);
    expect(reached).toEqual(expect.arrayContaining(['kimbrough', 'kim', 'org']));
    expect(reached).not.toContain('far');
    const found = new Set<string>();
    thinCustomersMatching(changed, [thin], found);
    expect(found.has('kimbrough')).toBe(true);
    expect(found.has('kim')).toBe(true);
    expect(found.has('far')).toBe(false);
  });

  it('a customer whose one word a scan reads in another script is checked on every release', () => {
    const thin = ThinCustomers.of([customer('ar', 'حاجي كريمي'), customer('ru', 'Джон'), customer('far', 'Haji Pellinore')]);
    expect(thin.reachedBy([listed('Totally Unrelated Name')]).map((c) => c.id).sort()).toEqual(['ar', 'ru']);
  });

  /**
   * The reach is a filter before the scan's own check: it must never leave out a customer that check
   * would match. The names of the matching evaluation set (all scripts, with their typos, variants and
   * transliterations) as customers of either type, and each of their words as a one-word customer
   * ("Haji <word>", "<word> Pty Ltd"), against the trap lists (the Kims, "EMMA LLC", the names the traps
   * must find) as the changed entities: checking only those reached finds exactly what checking every
   * one finds.
   */
  it('finds every one-word customer that checking each of them finds', async () => {
    const lines = readFileSync(join(__dirname, '../../fixtures/matching/eval-set.jsonl'), 'utf8').split('\n').filter(Boolean);
    const names = [...new Set(lines.map((line) => (JSON.parse(line) as { query: { name: string } }).query.name))];
    const words = [...new Set(names.flatMap((name) => name.split(/[\s,]+/u)).filter((word) => word.length > 1))];
    const customers = [
      ...names.flatMap((name, i) => [customer(`p-${i}`, name, 'person'), customer(`o-${i}`, name, 'organisation')]),
      ...words.flatMap((word, i) => [customer(`pw-${i}`, `Haji ${word}`, 'person'), customer(`ow-${i}`, `${word} Pty Ltd`, 'organisation')]),
    ];
    const thin = ThinCustomers.of(customers);
    const changed = (await loadTrapListEntities()).filter((_, i) => i % 3 === 0);
    const index = MatchIndex.build(changed);
    const everyOne = thin.rows.filter((c) => index.search({ name: c.name, entityType: c.entity_type }, { threshold: DEFAULT_MATCH_THRESHOLD - REVERSE_MARGIN }).matches.length > 0);
    const found = new Set<string>();
    thinCustomersMatching(changed, [thin], found);
    expect(everyOne.length).toBeGreaterThan(500);
    // ...and without checking every one: a release of a few hundred entities reaches a fraction of them.
    expect(thin.reachedBy(changed).length).toBeLessThan(thin.size / 2);
    expect(everyOne.filter((c) => !found.has(c.id)).map((c) => `${c.entity_type}: ${c.name}`)).toEqual([]);
    expect(found.size).toBe(everyOne.length);
  }, 60_000);
});
