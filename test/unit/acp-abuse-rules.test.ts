import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/modules/acp/abuse/payload-fields';
import { reviewWalletTraffic, type TrafficJob } from '../../src/modules/acp/abuse/rules';
import { checkAbn, checkAcn } from '../../src/sources/common/business-numbers';

/**
 * Real names of many cultures and scripts: every name EveryPolitician knew for Australian federal
 * parliamentarians, one a line (written by scripts/everypolitician-fixtures.ts).
 */
function parliamentarianNames(): string[] {
  const text = readFileSync(resolve(__dirname, '../fixtures/lists/everypolitician-names.txt'), 'utf8');
  return [...new Set(text.split('\n').filter((name) => name !== ''))];
}

/** Seeded PRNG (mulberry32) so the shuffled honest traffic is the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const NOW = new Date('2026-03-02T12:00:00Z');
const SECOND = 1000;
const HOUR = 3600 * SECOND;
let counter = 0;

/** Jobs sent one after another, `every` ms apart, the last one `endingAgo` ms before NOW. */
function traffic(service: string, usdc: number | ((i: number) => number), payloads: Record<string, unknown>[], every: number, endingAgo = 60 * SECOND): TrafficJob[] {
  const start = NOW.getTime() - endingAgo - every * (payloads.length - 1);
  return payloads.map((payload, i) => ({
    id: `job-${++counter}`,
    service_id: service,
    usdc_amount: typeof usdc === 'number' ? usdc : usdc(i),
    payload,
    created_at: new Date(start + i * every).toISOString(),
  }));
}

const byTime = (jobs: TrafficJob[]) => [...jobs].sort((a, b) => a.created_at.localeCompare(b.created_at));

/** Valid ABNs from `from` on, as a script stepping through the number range would find them, spaced as people write them. */
function abnsFrom(from: number, count: number): string[] {
  const found: string[] = [];
  for (let n = from; found.length < count; n++) if (checkAbn(String(n)).valid) found.push(String(n).replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4'));
  return found;
}

/** Valid ACNs going down from an 8-digit base (each base has exactly one check digit). */
function acnsDown(base: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const stem = String(base - i).padStart(8, '0');
    return [...'0123456789'].map((d) => stem + d).find((acn) => checkAcn(acn).valid)!;
  });
}

const names = parliamentarianNames();
const eligibility = (revenue: number) => ({ profession_type: 'accountant', services_offered: ['tax_return_preparation'], annual_revenue_aud: revenue });

describe('abuse rules: honest traffic', () => {
  it('finds nothing in a busy wallet screening every parliamentarian name in shuffled order, with honest prices', () => {
    const next = random(20260302);
    const people = shuffled(names, next).map((name, i) => (i % 3 === 0 ? { name, country_code: 'AU' } : { name }));
    const companies = Array.from({ length: 200 }, () => ({ abn: abnsFrom(10_000_000_000 + Math.floor(next() * 89_000_000_000), 1)[0] }));
    const jobs = byTime([
      // Range ends and exact round amounts: 14.99 sits under pep_scan's own maximum, 49.99 under asic_breach's.
      ...traffic('pep_scan', (i) => [3, 10, 14.99, 15][i % 4]!, people, 90 * SECOND),
      ...traffic('asic_breach', (i) => [25, 49.99, 50][i % 3]!, companies, 7 * 60 * SECOND),
      ...traffic('austrac_eligibility', (i) => (i % 2 ? 40 : 50), shuffled(Array.from({ length: 40 }, (_, i) => eligibility(150_000 + i * 37_500)), next), 5 * 60 * SECOND),
      // Paging through a feed, then walking it day by day: what the feed is for.
      ...traffic('austender_feed', 25, Array.from({ length: 12 }, (_, i) => ({ agency: 'foreign affairs', limit: 50, offset: 50 * i })), 30 * SECOND),
      ...traffic('austender_feed', 25, Array.from({ length: 12 }, (_, i) => ({ from: `2026-02-${String(i + 10)}`, to: `2026-02-${String(i + 10)}` })), 30 * SECOND, 2 * HOUR),
    ]);
    expect(names.length).toBeGreaterThan(1500);
    expect(reviewWalletTraffic(jobs, NOW)).toEqual([]);
  });

  it('finds nothing in a retried query, a handful of jobs, or runs spread over days', () => {
    const sorted = [...names].sort((a, b) => (foldText(a) < foldText(b) ? -1 : 1));
    const jobs = byTime([
      ...traffic('pep_scan', 3, Array(4).fill({ name: 'Penny Wong' }), 10 * SECOND, 3 * HOUR),
      ...traffic('pep_scan', 9.99, sorted.slice(0, 5).map((name) => ({ name })), 30 * SECOND),
      ...traffic('org_scan', 3, sorted.slice(100, 112).map((name) => ({ name })), 13 * HOUR),
      ...traffic('asic_breach', 25, abnsFrom(53_004_085_616, 10).map((abn) => ({ abn })), 26 * HOUR),
    ]);
    expect(reviewWalletTraffic(jobs, NOW)).toEqual([]);
  });

  it('leaves out jobs older than the lookback', () => {
    const old = traffic('pep_scan', 9.99, Array.from({ length: 8 }, (_, i) => ({ name: names[i] })), 60 * SECOND, 8 * 24 * HOUR);
    expect(reviewWalletTraffic(old, NOW)).toEqual([]);
  });
});

describe('abuse rules: structuring', () => {
  it('flags repeated payments just under the review threshold, recording the band, amounts and total', () => {
    const amounts = [49.5, 49.99, 49.9, 48, 49.75, 49.99, 49];
    const jobs = traffic('austrac_eligibility', (i) => amounts[i]!, amounts.map((_, i) => eligibility(300_000 * (i + 1))), 40 * 60 * SECOND);
    const [finding, ...rest] = reviewWalletTraffic(jobs, NOW);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ rule: 'structuring', pattern: 'just_below_threshold', job_ids: jobs.map((j) => j.id) });
    expect(finding!.evidence).toMatchObject({
      threshold_usdc: 50,
      threshold_kind: 'review_threshold',
      band_usdc: { from: 47.5, below: 50 },
      amounts,
      job_ids: jobs.map((j) => j.id),
      total_usdc: 346.13,
      service_ids: ['austrac_eligibility'],
      window: { from: jobs[0]!.created_at, to: jobs.at(-1)!.created_at },
    });
  });

  it('flags a scripted buyer keeping each scan just under 10 USDC, but not the same amounts spread over days', () => {
    const burst = traffic('pep_scan', 9.99, shuffled(names, random(7)).slice(0, 6).map((name) => ({ name })), 15 * 60 * SECOND);
    const findings = reviewWalletTraffic(burst, NOW);
    expect(findings.map((f) => [f.rule, f.evidence.threshold_usdc, f.evidence.threshold_kind])).toEqual([['structuring', 10, 'round_amount']]);
    const spread = traffic('pep_scan', 9.99, shuffled(names, random(8)).slice(0, 6).map((name) => ({ name })), 10 * HOUR);
    expect(reviewWalletTraffic(spread, NOW)).toEqual([]);
  });
});

describe('abuse rules: enumeration', () => {
  it('flags a scripted run of ordered ABNs, a retry inside it included', () => {
    const abns = abnsFrom(53_004_085_616, 12);
    const payloads = [...abns.slice(0, 5), abns[4]!, ...abns.slice(5)].map((abn) => ({ abn }));
    const jobs = traffic('asic_breach', 25, payloads, 20 * SECOND);
    const [finding, ...rest] = reviewWalletTraffic(jobs, NOW);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ rule: 'enumeration', pattern: 'ordered_identifiers', job_ids: jobs.map((j) => j.id) });
    expect(finding!.evidence).toMatchObject({ service_id: 'asic_breach', field: 'abn', direction: 'ascending', values: abns, run_length: 12, window: { from: jobs[0]!.created_at, to: jobs.at(-1)!.created_at } });
    expect(finding!.evidence.largest_step).toBeLessThanOrEqual(1000);
  });

  it('flags ACNs walked downwards', () => {
    const acns = acnsDown(12_345_678, 9);
    const [finding] = reviewWalletTraffic(traffic('asic_breach', 30, acns.map((acn) => ({ acn })), 5 * SECOND), NOW);
    expect(finding?.evidence).toMatchObject({ field: 'acn', direction: 'descending', values: acns });
  });

  it('flags the honest names sent in alphabetical order, ignoring case and accents', () => {
    const picked = shuffled(names.filter((n) => /\p{Script=Latin}/u.test(n)), random(11)).slice(0, 11);
    picked.push('Džūlija Gilarde', 'Andrew Nikolić');
    const sorted = [...new Set(picked)].sort((a, b) => (foldText(a) < foldText(b) ? -1 : 1)).map((n, i) => (i % 2 ? n.toUpperCase() : n.toLowerCase()));
    expect([...sorted].sort()).not.toEqual(sorted); // not in plain code-unit order
    const jobs = traffic('pep_scan', 3, sorted.map((name) => ({ name })), 45 * SECOND);
    const [finding, ...rest] = reviewWalletTraffic(jobs, NOW);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ rule: 'enumeration', pattern: 'alphabetical_names', job_ids: jobs.map((j) => j.id) });
    expect(finding!.evidence).toMatchObject({ service_id: 'pep_scan', field: 'name', direction: 'ascending', values: sorted, run_length: sorted.length });
    const descending = traffic('org_scan', 3, [...sorted].reverse().map((name) => ({ name })), 45 * SECOND);
    expect(reviewWalletTraffic(descending, NOW).map((f) => f.evidence.direction)).toEqual(['descending']);
  });

  it('flags near-identical payloads probing the matcher, with the varying field and the base payload', () => {
    const variants = ['Vladimir Putin', 'Vladimir Putn', 'Vladimir Puttin', 'Wladimir Putin', 'Vladimir Poutin', 'Vladimr Putin', 'Vladimir Putim', 'Vladimir Ptuin', 'Vladimir Putine', 'Vladimir Puton', 'Vladimir Pitin'];
    const payloads = variants.map((name) => ({ name, dob: '1952-10-07', nationality_code: 'RU' }));
    payloads.splice(3, 0, payloads[2]!); // a retry inside the run
    const jobs = traffic('pep_scan', 3, payloads, 30 * SECOND);
    const [finding, ...rest] = reviewWalletTraffic(jobs, NOW);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ rule: 'enumeration', pattern: 'near_identical_payloads', job_ids: jobs.map((j) => j.id) });
    expect(finding!.evidence).toMatchObject({
      service_id: 'pep_scan',
      field: 'name',
      fields: ['name'],
      values: variants,
      base_payload: '{"dob":"1952-10-07","name":"Vladimir Putin","nationality_code":"RU"}',
      run_length: variants.length,
      window: { from: jobs[0]!.created_at, to: jobs.at(-1)!.created_at },
    });
  });

  it('does not flag a few spelling variants of one name', () => {
    const spellings = ['Muhammad Ali', 'Mohammed Ali', 'Mohamed Ali', 'Mohammad Ali', 'Muhammed Ali', 'Mohamad Ali'];
    expect(reviewWalletTraffic(traffic('pep_scan', 3, spellings.map((name) => ({ name })), 20 * SECOND), NOW)).toEqual([]);
  });
});
