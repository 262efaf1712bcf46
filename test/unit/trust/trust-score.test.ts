import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegisterFindings } from '../../../src/modules/trust/register-findings';
import { bandOf, compositeOf, scoreTrust, WEIGHTS, type SubScores } from '../../../src/modules/trust/trust-score';

const now = new Date('2026-11-25T00:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
const SOURCES = ['abr', 'asic_companies', 'asic_banned', 'austrac_enforcement', 'asic_notices', 'sanctions'];

/** A long-registered, active, GST-registered company with nothing against it, every register fresh. */
function clean(overrides: Partial<RegisterFindings> = {}): RegisterFindings {
  return {
    abn: '49004028077',
    tranche2Profession: false,
    registration: { outcome: 'found', foundIn: 'abr', abnStatus: 'active', abnStatusFrom: '2000-01-01', gstRegistered: true, yearsRegistered: 20, asicStatus: 'REGD' },
    directorship: { acnChecked: '004 028 077', personsChecked: [], counted: [], possibleMatches: [] },
    austrac: { enforcementActions: [], possibleMatches: [] },
    sanctions: { namesChecked: ['Clean Company Pty Ltd'], unscreenableHint: false, matches: [] },
    court: { notices: [], possibleMatches: [] },
    sources: SOURCES.map((source) => ({ source, lastRefreshed: hoursAgo(2), cadenceHours: 24 })),
    unchecked: [],
    ...overrides,
  };
}

describe('the Trust Score, methodology v1.2', () => {
  it('scores a clean, fresh company 100 and GREEN', () => {
    expect(scoreTrust(clean(), now)).toMatchObject({ composite: 100, band: 'GREEN', incomplete_sources: [], contributing_risks: [], possible_matches: [], methodology_version: 'v1.2' });
  });

  it('caps the band at AMBER for a cancelled ABN, whatever the composite', () => {
    const score = scoreTrust(clean({ registration: { ...clean().registration, abnStatus: 'cancelled', abnStatusFrom: '2024-05-01' } }), now);
    expect(score.sub_scores.REG).toBe(0);
    expect(score.composite).toBe(80);
    expect(score.band).toBe('AMBER');
    expect(score.contributing_risks).toContain('The ABN was cancelled on 2024-05-01.');
  });

  it('zeroes DIR for a disqualified director, AUS for an enforcement action and CRT for a current external administration', () => {
    const banning = (current: boolean, until: string | null) => ({ name: 'DOE, JANE', register: 'banned and disqualified persons' as const, category: 'Disqualified from managing corporations', current, until, evidence: "the register's document number #0001 given for Jane Doe" });
    const director = scoreTrust(clean({ directorship: { ...clean().directorship, counted: [banning(true, null)] } }), now);
    expect(director.sub_scores.DIR).toBe(0);
    expect(director.band).toBe('AMBER');
    expect(director.contributing_risks[0]).toBe("DOE, JANE is on ASIC's banned and disqualified persons register (Disqualified from managing corporations, no end date), linked by the register's document number #0001 given for Jane Doe.");
    const pastBan = scoreTrust(clean({ directorship: { ...clean().directorship, counted: [banning(false, '1999-03-29')] } }), now);
    expect(pastBan.sub_scores.DIR).toBe(80);
    expect(pastBan.band).toBe('GREEN');
    expect(pastBan.contributing_risks[0]).toMatch(/^History: DOE, JANE was on .*ended 1999-03-29/);
    const enforced = scoreTrust(clean({ austrac: { enforcementActions: [{ title: 'Civil penalty proceedings', date: '2025-06-30', evidence: 'ABN 49 004 028 077' }], possibleMatches: [] } }), now);
    expect(enforced.sub_scores.AUS).toBe(0);
    expect(enforced.band).toBe('AMBER');
    const administered = scoreTrust(clean({ court: { notices: [{ kind: 'external administration (voluntary administration)', date: '2026-10-01', current: true }], possibleMatches: [] } }), now);
    expect(administered.sub_scores.CRT).toBe(0);
    expect(administered.band).toBe('AMBER');
    expect(administered.contributing_risks[0]).toMatch(/^Current external administration/);
  });

  it('lists a missing source as incomplete, lowers FRS, and never says GREEN', () => {
    const sources = clean().sources.map((s) => (s.source === 'austrac_enforcement' ? { ...s, lastRefreshed: null } : s));
    const score = scoreTrust(clean({ sources }), now);
    expect(score.incomplete_sources).toEqual(['austrac_enforcement']);
    expect(score.sub_scores.FRS).toBe(83);
    expect(score.composite).toBe(97);
    expect(score.band).toBe('AMBER');
    expect(score.contributing_risks.join(' ')).toMatch(/austrac_enforcement register has not been loaded/);
  });

  it('scores a well-formed ABN the ABR itself does not know, and says why', () => {
    const score = scoreTrust(clean({ registration: { outcome: 'not_found', foundIn: null, abnStatus: null, abnStatusFrom: null, gstRegistered: null, yearsRegistered: null, asicStatus: null } }), now);
    expect(score.sub_scores.REG).toBe(40);
    expect(score.composite).toBe(88);
    expect(score.band).toBe('AMBER'); // a registration that cannot be confirmed is never GREEN
    expect(score.contributing_risks[0]).toMatch(/answered that it has no such ABN/);
  });

  it('says "could not check" for a registration nobody could confirm, lists the source, and never says it is unknown', () => {
    const registration = { outcome: 'unchecked' as const, foundIn: null, abnStatus: null, abnStatusFrom: null, gstRegistered: null, yearsRegistered: null, asicStatus: null };
    const score = scoreTrust(clean({ registration, unchecked: [{ source: 'abn_lookup', why: 'the service could not be reached.' }] }), now);
    expect(score.incomplete_sources).toEqual(['abn_lookup']);
    expect(score.band).toBe('AMBER');
    expect(score.contributing_risks).toContain('Could not check abn_lookup: the service could not be reached.');
    expect(JSON.stringify(score)).not.toMatch(/does not know|no such ABN/);
  });

  it('lowers DIR by a bounded amount for possible matches, never to a terminal zero, and lists them apart', () => {
    const possible = (i: number, unresolved = true) => ({
      register: "ASIC's banned and disqualified persons register",
      name: 'SMITH, JOHN',
      matched_name: 'John Smith',
      category: 'Banned Securities',
      start_date: '2020-01-01',
      end_date: null,
      current: true,
      record: { document_number: `#00${i}` },
      url: null,
      reason_not_counted: 'the register has no date of birth',
      unresolved,
    });
    const one = scoreTrust(clean({ directorship: { ...clean().directorship, possibleMatches: [possible(1)] } }), now);
    expect(one.sub_scores.DIR).toBe(90);
    expect(one.possible_matches).toHaveLength(1);
    expect(one.contributing_risks.join(' ')).not.toMatch(/is on ASIC/);
    const many = scoreTrust(clean({ directorship: { ...clean().directorship, possibleMatches: [1, 2, 3, 4, 5].map((i) => possible(i)) } }), now);
    expect(many.sub_scores.DIR).toBe(80);
    expect(many.band).toBe('GREEN');
    const ruledOut = scoreTrust(clean({ directorship: { ...clean().directorship, possibleMatches: [possible(1, false)] } }), now);
    expect(ruledOut.sub_scores.DIR).toBe(100);
  });

  it('says the Tranche 2 enrolment cannot be checked instead of calling a firm unenrolled', () => {
    const score = scoreTrust(clean({ tranche2Profession: true }), now);
    expect(score.sub_scores.AUS).toBe(100);
    expect(JSON.stringify(score)).not.toMatch(/not enrolled|unenrolled/);
    expect(score.notes.join(' ')).toMatch(/AUSTRAC publishes no roll of enrolled reporting entities/);
  });

  it('keeps SAN clean without a name hint, and says that no match could run', () => {
    const score = scoreTrust(clean({ sanctions: { namesChecked: [], unscreenableHint: false, matches: [] } }), now);
    expect(score.sub_scores.SAN).toBe(100);
    expect(score.contributing_risks).toContain('No name was given, so no sanctions or PEP name match could run.');
  });

  const subScore = fc.integer({ min: 0, max: 100 });
  const subScores = fc.record({ REG: subScore, DIR: subScore, AUS: subScore, SAN: subScore, CRT: subScore, FRS: subScore });

  it('property: the composite is the weighted sum, rounded half up, and the band follows it and the overrides', () => {
    fc.assert(
      fc.property(subScores, fc.boolean(), fc.boolean(), (scores: SubScores, terminalZero, incomplete) => {
        // The weighted sum in hundredths is an integer: the composite is the nearest whole number, halves up.
        const hundredths = (Object.keys(WEIGHTS) as (keyof SubScores)[]).reduce((sum, code) => sum + WEIGHTS[code] * scores[code], 0);
        const composite = compositeOf(scores);
        expect(composite * 100 - 50).toBeLessThanOrEqual(hundredths);
        expect(hundredths).toBeLessThan(composite * 100 + 50);
        expect(composite).toBeGreaterThanOrEqual(0);
        expect(composite).toBeLessThanOrEqual(100);
        const band = bandOf(composite, { terminalZero, incomplete });
        if (composite < 40) expect(band).toBe('RED');
        else if (composite < 70 || terminalZero || incomplete) expect(band).toBe('AMBER');
        else expect(band).toBe('GREEN');
      }),
    );
  });

  it('property: the same findings give the same score, field for field', () => {
    const findings = fc.record({
      cancelled: fc.boolean(),
      disqualified: fc.boolean(),
      enforced: fc.boolean(),
      pep: fc.boolean(),
      notices: fc.array(fc.boolean(), { maxLength: 3 }),
      refreshedHoursAgo: fc.array(fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }), { minLength: 6, maxLength: 6 }),
    });
    fc.assert(
      fc.property(findings, (f) => {
        const input = clean({
          registration: { ...clean().registration, abnStatus: f.cancelled ? 'cancelled' : 'active' },
          directorship: {
            ...clean().directorship,
            counted: f.disqualified ? [{ name: 'A Person', register: 'banned and disqualified persons', category: 'Banned Securities', current: true, until: '2030-01-01', evidence: 'ACN 004 028 077' }] : [],
          },
          austrac: { enforcementActions: f.enforced ? [{ title: 'Infringement notice', date: '2025-01-01', evidence: 'ABN 49 004 028 077' }] : [], possibleMatches: [] },
          sanctions: { namesChecked: ['Someone'], unscreenableHint: false, matches: f.pep ? [{ nameChecked: 'Someone', name: 'Someone', source: 'everypolitician', score: 0.95, listKind: 'pep' }] : [] },
          court: { notices: f.notices.map((current, i) => ({ kind: 'winding up', date: `2025-0${i + 1}-01`, current })), possibleMatches: [] },
          sources: SOURCES.map((source, i) => ({ source, lastRefreshed: f.refreshedHoursAgo[i] === null ? null : hoursAgo(f.refreshedHoursAgo[i]!), cadenceHours: 36 })),
        });
        const first = scoreTrust(structuredClone(input), now);
        expect(scoreTrust(structuredClone(input), now)).toEqual(first);
        expect(first.composite).toBe(compositeOf(first.sub_scores));
        if (first.incomplete_sources.length) expect(first.band).not.toBe('GREEN');
      }),
    );
  });
});
