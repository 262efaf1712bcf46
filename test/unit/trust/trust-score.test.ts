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
    registration: { found: true, foundIn: 'abr', abnStatus: 'active', abnStatusFrom: '2000-01-01', gstRegistered: true, yearsRegistered: 20, asicStatus: 'REGD' },
    directorship: { disqualified: [] },
    austrac: { enforcementActions: [], reportingEntity: null },
    sanctions: { nameChecked: 'Clean Company Pty Ltd', matches: [] },
    court: { notices: [] },
    sources: SOURCES.map((source) => ({ source, lastRefreshed: hoursAgo(2), cadenceHours: 24 })),
    ...overrides,
  };
}

describe('the Trust Score, methodology v1.1', () => {
  it('scores a clean, fresh company 100 and GREEN', () => {
    expect(scoreTrust(clean(), now)).toMatchObject({ composite: 100, band: 'GREEN', incomplete_sources: [], contributing_risks: [], methodology_version: 'v1.1' });
  });

  it('caps the band at AMBER for a cancelled ABN, whatever the composite', () => {
    const score = scoreTrust(clean({ registration: { ...clean().registration, abnStatus: 'cancelled', abnStatusFrom: '2024-05-01' } }), now);
    expect(score.sub_scores.REG).toBe(0);
    expect(score.composite).toBe(80);
    expect(score.band).toBe('AMBER');
    expect(score.contributing_risks).toContain('The ABN was cancelled on 2024-05-01.');
  });

  it('zeroes DIR for a disqualified director, AUS for an enforcement action and CRT for a current external administration', () => {
    const director = scoreTrust(clean({ directorship: { disqualified: [{ name: 'DOE, JANE', register: 'banned and disqualified persons', category: 'Disqualified from managing corporations', current: true, until: null }] } }), now);
    expect(director.sub_scores.DIR).toBe(0);
    expect(director.band).toBe('AMBER');
    expect(director.contributing_risks[0]).toBe("DOE, JANE is on ASIC's banned and disqualified persons register (Disqualified from managing corporations, no end date).");
    const pastBan = scoreTrust(clean({ directorship: { disqualified: [{ name: 'DOE, JANE', register: 'banned and disqualified persons', category: 'Banned Securities', current: false, until: '1999-03-29' }] } }), now);
    expect(pastBan.sub_scores.DIR).toBe(70);
    expect(pastBan.band).toBe('GREEN');
    expect(pastBan.contributing_risks[0]).toMatch(/ended 1999-03-29/);
    const enforced = scoreTrust(clean({ austrac: { enforcementActions: [{ title: 'Civil penalty proceedings', date: '2025-06-30' }], reportingEntity: true } }), now);
    expect(enforced.sub_scores.AUS).toBe(0);
    expect(enforced.band).toBe('AMBER');
    const administered = scoreTrust(clean({ court: { notices: [{ kind: 'external administration (voluntary administration)', date: '2026-10-01', current: true }] } }), now);
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

  it('scores a well-formed ABN the registers do not know, and says why', () => {
    const score = scoreTrust(clean({ registration: { found: false, foundIn: null, abnStatus: null, abnStatusFrom: null, gstRegistered: null, yearsRegistered: null, asicStatus: null } }), now);
    expect(score.sub_scores.REG).toBe(40);
    expect(score.composite).toBe(88);
    expect(score.band).toBe('AMBER'); // a registration that cannot be confirmed is never GREEN
    expect(score.contributing_risks[0]).toMatch(/does not know it/);
  });

  it('keeps SAN clean without a name hint, and says that no match could run', () => {
    const score = scoreTrust(clean({ sanctions: { nameChecked: null, matches: [] } }), now);
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
          directorship: { disqualified: f.disqualified ? [{ name: 'A Person', register: 'banned and disqualified persons', category: 'Banned Securities', current: true, until: '2030-01-01' }] : [] },
          austrac: { enforcementActions: f.enforced ? [{ title: 'Infringement notice', date: '2025-01-01' }] : [], reportingEntity: null },
          sanctions: { nameChecked: 'Someone', matches: f.pep ? [{ name: 'Someone', source: 'everypolitician', score: 0.95, listKind: 'pep' }] : [] },
          court: { notices: f.notices.map((current, i) => ({ kind: 'winding up', date: `2025-0${i + 1}-01`, current })) },
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
