import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterSource } from '../../src/modules/registers/register-catalogue';
import { storeRegister } from '../../src/modules/registers/register-writers';
import { findEntriesEverLoaded } from '../../src/modules/registers/register-search.store';
import type { AbrRecord } from '../../src/sources/abr/abr-record';
import { parseAbrExtract } from '../../src/sources/abr/parse';
import { writeAbrExtract } from '../../scripts/generate-abr-extract';
import { writeBannedOrgs, writeBannedPersons, writeCompanies } from '../../scripts/register-fixtures/asic';
import { writeAsicNoticesPage } from '../../scripts/register-fixtures/asic-notices';
import { writeAustracEnforcementPage, writeAustracReportingEntitiesPage } from '../../scripts/register-fixtures/austrac';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The Trust Score and the feeds over every register, each loaded from a file in its published layout:
 * the acceptance cases of the methodology (cancelled ABN, disqualified director, AUSTRAC enforcement,
 * current external administration, a missing source) read end to end through the API.
 */
describe('Trust Scores and feeds from every register', () => {
  let app: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'registers-'));
  const records: AbrRecord[] = [];
  const pick: Record<'clean' | 'bannedOrg' | 'director' | 'enforced' | 'notice' | 'administered' | 'cancelled', AbrRecord> = {} as never;
  const acnOf = (r: AbrRecord) => r.asicNumber!;
  const printedAcn = (acn: string) => `${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6)}`;
  const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const load = async (source: RegisterSource, path: string) => {
    const outcome = await storeRegister(app.deps.orm.em.fork(), source, { path, origin: `file:${path}`, workflowId: null });
    expect(outcome.status).toBe('succeeded');
    return outcome;
  };
  const get = async (abn: string) => jsonOf(await fetch(`${app.url}/v1/trust-score/${abn}`));
  const post = async (abn: string, body: unknown) =>
    jsonOf(await fetch(`${app.url}/v1/trust-score/${abn}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));

  beforeAll(async () => {
    app = await startTestApp(testConfig({ REDIS_KEY_PREFIX: `test:trust-registers:${Date.now()}:` }));
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    const extract = join(dir, 'extract.xml');
    await writeAbrExtract(extract, 60);
    for await (const event of parseAbrExtract(extract)) if ('record' in event) records.push(event.record);
    await load('abr', extract);

    const companies = records.filter((r) => r.status === 'ACT' && !r.individual && r.gstStatus === 'ACT' && r.asicNumber && r.statusFrom! < '2024-01-01');
    [pick.clean, pick.bannedOrg, pick.director, pick.enforced, pick.notice, pick.administered] = companies as [AbrRecord, AbrRecord, AbrRecord, AbrRecord, AbrRecord, AbrRecord];
    pick.cancelled = records.find((r) => r.status === 'CAN' && !r.individual)!;
    expect(new Set(Object.values(pick).map((r) => r?.abn)).size).toBe(7);

    const companyFile = join(dir, 'companies.tsv');
    writeCompanies(
      companyFile,
      Object.values(pick).map((r) => ({ name: r.name, acn: acnOf(r), abn: r.abn, status: r === pick.administered ? 'EXAD' : r === pick.cancelled ? 'DRGD' : 'REGD' })),
      { malformed: true },
    );
    await load('asic_companies', companyFile);
    const persons = join(dir, 'persons.csv');
    writeBannedPersons(persons, [
      { name: 'CITIZEN, JOHN WILLIAM', type: 'Disqualified from managing corporations', start: '01/03/2022', end: '01/03/2031' },
      { name: 'PAST, PETER', type: 'Banned Securities', start: '29/03/1994', end: '29/03/1999' },
    ]);
    await load('asic_banned_persons', persons);
    const orgs = join(dir, 'orgs.tsv');
    writeBannedOrgs(orgs, [{ acn: acnOf(pick.bannedOrg), name: pick.bannedOrg.name, type: 'Australian Financial Services banning', start: '07/11/2020' }]);
    await load('asic_banned_orgs', orgs);
    const enforcement = join(dir, 'enforcement.html');
    writeAustracEnforcementPage(enforcement, [{ title: `AUSTRAC accepts enforceable undertaking from ${titleCase(pick.enforced.name)}`, date: '2025-06-30' }]);
    await load('austrac_enforcement', enforcement);
    const reporting = join(dir, 'reporting.html');
    writeAustracReportingEntitiesPage(reporting, [{ name: titleCase(pick.clean.name), abn: pick.clean.abn, type: 'Independent remittance dealer', status: 'Registered', registered: '2020-02-03', expires: null }]);
    await load('austrac_reporting_entities', reporting);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists a register not loaded yet in incomplete_sources, lowers FRS, and keeps the band from GREEN', async () => {
    const body = await post(pick.clean.abn, { tranche_2_profession: true });
    expect(body.incomplete_sources).toEqual(['asic_notices', 'personal_insolvency', 'court_records']);
    expect(body.sub_scores).toMatchObject({ REG: 100, DIR: 100, AUS: 100, CRT: 100 });
    expect(body.sub_scores.FRS).toBe(86); // 6 of 7 sources fresh (AUSTRAC's remittance and exchange registers are not read by the score)
    expect(body.composite).toBeGreaterThanOrEqual(70);
    expect(body.band).toBe('AMBER');
    expect(body.contributing_risks).toContain('A source that could not be checked keeps the band from GREEN.');
  });

  describe('with every register loaded', () => {
    beforeAll(async () => {
      const notices = join(dir, 'notices.html');
      writeAsicNoticesPage(
        notices,
        [
          { type: 'Appointment of Liquidator', published: daysAgo(30), companies: [{ name: pick.notice.name, acn: printedAcn(acnOf(pick.notice)), status: 'In Liquidation' }] },
          { type: 'Notice of Final Meeting of Creditors', published: daysAgo(10), companies: [{ name: 'UNRELATED PTY LTD', acn: '000 000 019' }] },
        ],
        { malformed: true },
      );
      await load('asic_notices', notices);
    });

    it('scores a clean, registered company 100 from every register, citing each source, yet not GREEN while insolvency and court records cannot be read', async () => {
      const body = await get(pick.clean.abn);
      expect(body).toMatchObject({ composite: 100, band: 'AMBER', incomplete_sources: ['personal_insolvency', 'court_records'], possible_matches: [], entity_name_used: pick.clean.name });
      expect(body.contributing_risks.every((r: string) => r.startsWith('Could not check ') || r === 'A source that could not be checked keeps the band from GREEN.')).toBe(true);
      expect(Object.values(body.last_refreshed_per_source).every((at) => /^\d{4}-\d{2}-\d{2}T/.test(at as string))).toBe(true);
    });

    it('caps a cancelled ABN at AMBER or below whatever the composite', async () => {
      const body = await get(pick.cancelled.abn);
      expect(body.sub_scores.REG).toBe(0);
      expect(body.band).not.toBe('GREEN');
      expect(body.contributing_risks[0]).toMatch(/^The ABN was cancelled/);
    });

    it('zeroes DIR for a company banned by its ACN and for a director linked by document number or address; a name alone is a possible match', async () => {
      const org = await get(pick.bannedOrg.abn);
      expect(org.sub_scores.DIR).toBe(0);
      expect(org.band).toBe('AMBER');
      expect(org.contributing_risks).toContain(
        `${pick.bannedOrg.name} is on ASIC's banned and disqualified organisations register (Australian Financial Services banning, no end date), linked by ACN ${printedAcn(acnOf(pick.bannedOrg))}.`,
      );
      const byName = await post(pick.director.abn, { director_names: ['John William Citizen'] });
      expect(byName.sub_scores.DIR).toBe(90);
      expect(byName.directors_checked).toEqual(['John William Citizen']);
      expect(byName.possible_matches).toEqual([expect.objectContaining({ name: 'CITIZEN, JOHN WILLIAM', matched_name: 'John William Citizen', current: true, unresolved: true })]);
      const byDocument = await post(pick.director.abn, { directors: [{ name: 'John William Citizen', document_number: '#004289112' }] });
      expect(byDocument.sub_scores.DIR).toBe(0);
      expect(byDocument.contributing_risks[0]).toBe(
        "CITIZEN, JOHN WILLIAM is on ASIC's banned and disqualified persons register (Disqualified from managing corporations, until 2031-03-01), linked by the register's document number #004289112 given for John William Citizen.",
      );
      const byAddress = await post(pick.director.abn, { directors: [{ name: 'John William Citizen', locality: 'Melbourne', state: 'VIC', postcode: '3000' }] });
      expect(byAddress.sub_scores.DIR).toBe(0);
      const past = await post(pick.director.abn, { directors: [{ name: 'Peter Past', document_number: '4289113' }] });
      expect(past.sub_scores.DIR).toBe(80);
      expect(past.contributing_risks[0]).toMatch(/^History: PAST, PETER was on ASIC's banned and disqualified persons register \(Banned Securities, ended 1999-03-29\)/);
      expect(past.band).toBe('AMBER');
    });

    it('zeroes AUS for an AUSTRAC enforcement action naming the entity', async () => {
      const body = await get(pick.enforced.abn);
      expect(body.sub_scores.AUS).toBe(0);
      expect(body.band).toBe('AMBER');
      expect(body.contributing_risks.some((r: string) => r.startsWith('AUSTRAC enforcement action: AUSTRAC accepts enforceable undertaking from') && r.endsWith(`(2025-06-30), linked by the legal name ${pick.enforced.name} named by the action.`))).toBe(true);
    });

    it('never calls a Tranche 2 firm absent from every AUSTRAC register unenrolled, and says enrolment cannot be checked', async () => {
      const body = await post(pick.director.abn, { tranche_2_profession: true });
      expect(body.sub_scores.AUS).toBe(100);
      expect(JSON.stringify(body)).not.toMatch(/not enrolled|unenrolled/);
      expect(body.notes.join(' ')).toMatch(/AUSTRAC publishes no roll of enrolled reporting entities/);
    });

    it('zeroes CRT for a current external administration: a recent notice of appointment, or ASIC status EXAD', async () => {
      const noticed = await get(pick.notice.abn);
      expect(noticed.sub_scores.CRT).toBe(0);
      expect(noticed.band).toBe('AMBER');
      expect(noticed.contributing_risks).toContain(`Current Appointment of Liquidator (published ${daysAgo(30)}).`);
      const administered = await get(pick.administered.abn);
      expect(administered.sub_scores.CRT).toBe(0);
      expect(administered.contributing_risks).toContain('Current external administration (ASIC company status EXAD).');
    });

    it('gives the same score for the same inputs after a restart (a new process state and an empty cache)', async () => {
      const restarted = await startTestApp(testConfig({ REDIS_KEY_PREFIX: `test:trust-restart:${Date.now()}:` }));
      try {
        await restarted.deps.screening.index.rebuild();
        for (const r of [pick.clean, pick.enforced, pick.notice, pick.cancelled]) {
          const before = await get(r.abn);
          const res = await fetch(`${restarted.url}/v1/trust-score/${r.abn}`);
          expect(res.headers.get('x-cache')).toBe('miss');
          const after = await jsonOf(res);
          const { retrieved_at: _a, ...same } = after;
          const { retrieved_at: _b, ...expected } = before;
          expect(same).toEqual(expected);
        }
      } finally {
        await restarted.close();
      }
    });
  });

  describe('the feeds', () => {
    let token: string;
    let unscoped: string;
    const feed = (path: string, body: unknown, bearer = token) =>
      fetch(`${app.url}/v1/feeds/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` }, body: JSON.stringify(body) });
    beforeAll(async () => {
      const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
      token = await tokenFor(app.url, client, 'feeds:read');
      unscoped = await tokenFor(app.url, client, 'scans:read');
    });

    it('answers an ABN with its company, the banning found by its ACN, and the register versions it read', async () => {
      const res = await feed('asic/check', { abn: pick.bannedOrg.abn });
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      expect(body.breach_found).toBe(true);
      expect(body.companies).toEqual([expect.objectContaining({ acn: acnOf(pick.bannedOrg), name: pick.bannedOrg.name, status: 'REGD', status_meaning: 'registered' })]);
      expect(body.banned_and_disqualified).toEqual([expect.objectContaining({ register: 'banned and disqualified organisations', current: true, matched_by: 'acn' })]);
      expect(body.incomplete_sources).toEqual([]);
      expect(body.sources.asic_banned_orgs.version).toEqual(expect.any(Number));
    });

    it('finds a banned person by name in any word order, an administration by ABN, and says when nothing is held', async () => {
      const person = await jsonOf(await feed('asic/check', { name: 'John William Citizen' }));
      expect(person.banned_and_disqualified).toEqual([expect.objectContaining({ name: 'CITIZEN, JOHN WILLIAM', matched_by: 'name', current: true })]);
      const administered = await jsonOf(await feed('asic/check', { abn: pick.administered.abn }));
      expect(administered.breach_found).toBe(true);
      expect(administered.concerns[0]).toMatch(/under external administration/);
      const noticed = await jsonOf(await feed('asic/check', { abn: pick.notice.abn }));
      expect(noticed.published_notices).toEqual([expect.objectContaining({ notice_type: 'Appointment of Liquidator', indicates_administration: true, matched_by: 'acn' })]);
      const clean = await jsonOf(await feed('asic/check', { abn: pick.clean.abn }));
      expect(clean).toMatchObject({ breach_found: false, concerns: [], banned_and_disqualified: [], published_notices: [] });
    });

    it('answers AUSTRAC enforcement by name and by ABN, and reporting-entity listings', async () => {
      const byName = await jsonOf(await feed('austrac-enforcement/check', { name: pick.enforced.name }));
      expect(byName.enforcement_found).toBe(true);
      expect(byName.enforcement_actions).toEqual([expect.objectContaining({ action: 'enforceable undertaking', date: '2025-06-30', url: expect.stringMatching(/^https:\/\/www\.austrac\.gov\.au\//) })]);
      const byAbn = await jsonOf(await feed('austrac-enforcement/check', { abn: pick.enforced.abn }));
      expect(byAbn.enforcement_found).toBe(true);
      const listed = await jsonOf(await feed('austrac-enforcement/check', { abn: pick.clean.abn }));
      expect(listed).toMatchObject({ enforcement_found: false, reporting_entity: true, incomplete_sources: [] });
    });

    it('refuses bad input with 422 naming the problem, and callers without the scope', async () => {
      const bad = await feed('asic/check', { acn: '004 085 617' });
      expect(bad.status).toBe(422);
      expect((await jsonOf(bad)).detail[0]).toMatchObject({ loc: ['body', 'acn'], msg: expect.stringMatching(/check digit|checksum/) });
      expect((await feed('asic/check', {})).status).toBe(422);
      expect((await feed('austrac-enforcement/check', { name: 'X', extra: 1 })).status).toBe(422);
      expect((await feed('asic/check', { name: 'Anyone' }, unscoped)).status).toBe(403);
      expect((await fetch(`${app.url}/v1/feeds/asic/check`, { method: 'POST', body: '{}' })).status).toBe(401);
    });
  });

  it("keeps every published notice across refreshes, each with the version that first saw it, though ASIC's page shows only the latest", async () => {
    const subject = { name: pick.director.name, acn: printedAcn(acnOf(pick.director)), status: 'Under External Administration' };
    const first = join(dir, 'notices-later-1.html');
    writeAsicNoticesPage(first, [
      { type: 'Appointment of Administrator', published: daysAgo(20), companies: [subject] },
      { type: 'Notice of Final Meeting of Creditors', published: daysAgo(19), companies: [{ name: 'EVIDENCE UNRELATED PTY LTD', acn: '770 000 019' }] },
    ]);
    const v1 = await load('asic_notices', first);
    const second = join(dir, 'notices-later-2.html'); // the next day's page: the administrator's appointment has dropped off
    writeAsicNoticesPage(second, [
      { type: 'Notice of Final Meeting of Creditors', published: daysAgo(19), companies: [{ name: 'EVIDENCE UNRELATED PTY LTD', acn: '770 000 019' }] },
      { type: 'Notice of Winding Up Application', published: daysAgo(2), companies: [{ name: 'ANOTHER PTY LTD', acn: '000 000 027' }] },
    ]);
    const v2 = await load('asic_notices', second);
    expect(v2.versionNumber).toBeGreaterThan(v1.versionNumber!);

    const body = await get(pick.director.abn);
    expect(body.sub_scores.CRT).toBe(0);
    expect(body.contributing_risks).toContain(`Current Appointment of Administrator (published ${daysAgo(20)}).`);
    const kept = await findEntriesEverLoaded(app.deps.orm.em.fork(), 'asic_notices', { acns: [acnOf(pick.director), '770000019'], abns: [], names: [] });
    expect(kept.map((n) => [n.category, n.firstSeenVersion])).toEqual([
      ['Notice of Final Meeting of Creditors', v1.versionNumber],
      ['Appointment of Administrator', v1.versionNumber],
    ]);
  });
});
