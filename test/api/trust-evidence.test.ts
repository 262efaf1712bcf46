import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterSource } from '../../src/modules/registers/register-catalogue';
import { storeRegister } from '../../src/modules/registers/register-writers';
import { abnFor } from '../../scripts/generate-abr-extract';
import { writeAustracEnforcementPage } from '../../scripts/register-fixtures/austrac';
import { jsonOf, type Json } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 48's acceptance, on register files in the published layouts: the real ABR bulk-extract sample
 * (served as a ZIP part of two XML files, as data.gov.au publishes it) plus two sole traders named JOHN
 * SMITH and a bank, the real first rows of ASIC's banned persons register plus a banned John Smith, and
 * an AUSTRAC media-release listing. A finding rests on evidence; a name alone is a possible match.
 */
describe('Trust Score findings rest on evidence, never on a name alone', () => {
  let app: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'trust-evidence-'));
  const perthSmith = abnFor(771_001); // JOHN SMITH, sole trader, WA 6000
  const melbourneSmith = abnFor(771_002); // JOHN SMITH, sole trader, VIC 3000, the banned one's postcode
  const westpac = '33007457141';
  const load = async (source: RegisterSource, path: string) => {
    const outcome = await storeRegister(app.deps.orm.em.fork(), source, { path, origin: `file:${path}`, workflowId: null });
    expect(outcome.status).toBe('succeeded');
    return outcome;
  };
  const get = async (abn: string) => jsonOf(await fetch(`${app.url}/v1/trust-score/${abn}`));
  const post = async (abn: string, body: unknown) =>
    jsonOf(await fetch(`${app.url}/v1/trust-score/${abn}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));

  const soleTrader = (abn: string, state: string, postcode: string) =>
    `<ABR recordLastUpdatedDate="20240105" replaced="N"><ABN status="ACT" ABNStatusFromDate="20150701">${abn}</ABN><EntityType><EntityTypeInd>IND</EntityTypeInd><EntityTypeText>Individual/Sole Trader</EntityTypeText></EntityType><LegalEntity><IndividualName type="LGL"><GivenName>JOHN</GivenName><FamilyName>SMITH</FamilyName></IndividualName><BusinessAddress><AddressDetails><State>${state}</State><Postcode>${postcode}</Postcode></AddressDetails></BusinessAddress></LegalEntity><GST status="ACT" GSTStatusFromDate="20150701" /></ABR>`;
  const bank = `<ABR recordLastUpdatedDate="20240105" replaced="N"><ABN status="ACT" ABNStatusFromDate="19991101">${westpac}</ABN><EntityType><EntityTypeInd>PUB</EntityTypeInd><EntityTypeText>Australian Public Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>WESTPAC BANKING CORPORATION</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2000</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">007457141</ASICNumber><GST status="ACT" GSTStatusFromDate="20000701" /></ABR>`;

  beforeAll(async () => {
    app = await startTestApp(testConfig({ REDIS_KEY_PREFIX: `test:trust-evidence:${Date.now()}:` }));
    // The real sample as the first XML file of a ZIP part, and our three records as the second.
    const sample = readFileSync(join(__dirname, '../fixtures/registers/abr-sample_records.xml'), 'utf8');
    const second = `<?xml version="1.0" encoding="utf-8"?>\n<Transfer error="none"><TransferInfo><FileSequenceNumber>2</FileSequenceNumber><RecordCount>3</RecordCount><ExtractTime>2026-05-06T12:23:33</ExtractTime></TransferInfo>\n${soleTrader(perthSmith, 'WA', '6000')}\n${soleTrader(melbourneSmith, 'VIC', '3000')}\n${bank}\n</Transfer>\n`;
    const zip = new JSZip();
    zip.file('20260506_Public01.xml', sample);
    zip.file('20260506_Public02.xml', second);
    const part = join(dir, 'public_split_1_10.zip');
    writeFileSync(part, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    const loaded = await load('abr', part);
    expect(loaded).toMatchObject({ recordCount: 12, problemCount: 0 });

    // ASIC's real first rows (ABBOTT, BILL: ended 1999; AITKEN, WARREN JOHN: current, MAWSON ACT 2607) and a banned John Smith.
    const head = readFileSync(join(__dirname, '../fixtures/registers/asic_banned_persons-head.csv'), 'utf8').trimEnd();
    const persons = join(dir, 'persons.csv');
    writeFileSync(
      persons,
      `${head}\r\n"Banned and Disqualified Persons","SMITH, JOHN","Disqualified from managing corporations","#012345678","01/03/2022","01/03/2031","MELBOURNE","VIC","3000","AUSTRALIA","No comment made"\r\n`,
    );
    await load('asic_banned_persons', persons);
    const enforcement = join(dir, 'enforcement.html');
    writeAustracEnforcementPage(enforcement, [
      {
        title: 'AUSTRAC commences civil penalty proceedings against Westpac',
        date: '2019-11-20',
        summary: 'AUSTRAC has applied to the Federal Court for civil penalty orders against Westpac Banking Corporation (Westpac) for systemic non-compliance with the AML/CTF Act.',
      },
    ]);
    await load('austrac_enforcement', enforcement);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('loads the ZIP part: every record of both XML files is stored', async () => {
    const rows = await app.deps.orm.em.fork().getConnection().execute<{ abn: string }[]>('select abn from abr_entities where abn in (?, ?, ?, ?)', ['11000000948', perthSmith, melbourneSmith, westpac]);
    expect(rows).toHaveLength(4);
  });

  it('does not score a sole trader sharing a banned person\'s common name as banned: a possible match, with the record and why', async () => {
    const body = await get(perthSmith);
    expect(body.directors_checked).toEqual(['JOHN SMITH']);
    expect(body.sub_scores.DIR).toBe(90); // the bounded deduction, never a terminal zero
    expect(body.contributing_risks.join(' ')).not.toMatch(/is on ASIC's banned/);
    expect(body.possible_matches).toEqual([
      expect.objectContaining({
        register: "ASIC's banned and disqualified persons register",
        name: 'SMITH, JOHN',
        matched_name: 'JOHN SMITH',
        current: true,
        unresolved: true,
        record: expect.objectContaining({ document_number: '#012345678', locality: 'MELBOURNE', state: 'VIC', postcode: '3000' }),
        reason_not_counted: expect.stringMatching(/^the register lists MELBOURNE, VIC 3000; its postcode and state differ from the ABR business address\. The register has no date of birth/),
      }),
    ]);
  });

  it('scores it as banned when the ABR address has the listed postcode and state, or the caller gives the document number', async () => {
    const sameAddress = await get(melbourneSmith);
    expect(sameAddress.sub_scores.DIR).toBe(0);
    expect(sameAddress.band).not.toBe('GREEN');
    expect(sameAddress.possible_matches).toEqual([]);
    expect(sameAddress.contributing_risks[0]).toBe(
      "SMITH, JOHN is on ASIC's banned and disqualified persons register (Disqualified from managing corporations, until 2031-03-01), linked by the address the register lists (MELBOURNE, VIC 3000) matching the ABR business address (postcode, state).",
    );
    const byDocument = await post(perthSmith, { directors: [{ name: 'John Smith', document_number: '#012345678' }] });
    expect(byDocument.sub_scores.DIR).toBe(0);
    expect(byDocument.contributing_risks[0]).toMatch(/linked by the register's document number #012345678 given for John Smith\.$/);
    const otherDocument = await post(perthSmith, { directors: [{ name: 'John Smith', document_number: '#099999999' }] });
    expect(otherDocument.sub_scores.DIR).toBe(90); // the trader's own name is still an open possibility; the named director is ruled out
  });

  it('links a director by the address the caller gives (locality, state and postcode), and not by the name alone', async () => {
    const named = await post(westpac, { directors: [{ name: 'Warren John Aitken' }] });
    expect(named.sub_scores.DIR).toBe(90);
    expect(named.possible_matches[0]).toMatchObject({ name: 'AITKEN, WARREN JOHN', record: expect.objectContaining({ locality: 'MAWSON', postcode: '2607' }) });
    const addressed = await post(westpac, { directors: [{ name: 'Warren John Aitken', locality: 'Mawson', state: 'ACT', postcode: '2607' }] });
    expect(addressed.sub_scores.DIR).toBe(0);
    const elsewhere = await post(westpac, { directors: [{ name: 'Warren John Aitken', locality: 'Mawson', state: 'ACT', postcode: '2608' }] });
    expect(elsewhere.sub_scores.DIR).toBe(90);
  });

  it('reports an ended banning as history, never as a current one', async () => {
    const body = await post(westpac, { directors: [{ name: 'Bill Abbott', document_number: '#004289112' }] });
    expect(body.sub_scores.DIR).toBe(80);
    expect(body.contributing_risks[0]).toMatch(/^History: ABBOTT, BILL was on ASIC's banned and disqualified persons register \(Banned Securities, ended 1999-03-29\)/);
    const nameOnly = await post(westpac, { directors: [{ name: 'Bill Abbott' }] });
    expect(nameOnly.sub_scores.DIR).toBe(100); // an ended record met by name alone costs nothing
    expect(nameOnly.possible_matches[0]).toMatchObject({ current: false, end_date: '1999-03-29' });
  });

  it("links AUSTRAC's action against the bank by its ABN and legal name, not by the headline's short name", async () => {
    const body = await get(westpac);
    expect(body.sub_scores.AUS).toBe(0);
    const sentence = body.contributing_risks.find((r: string) => r.startsWith('AUSTRAC enforcement action:'));
    expect(sentence).toMatch(/^AUSTRAC enforcement action: AUSTRAC commences civil penalty proceedings against Westpac \(2019-11-20\), linked by ABN 33 007 457 141/);
    // A sole trader who calls himself "Westpac" meets the headline by name, but the action names another legal entity.
    const hinted: Json = await post(perthSmith, { entity_name_hint: 'Westpac' });
    expect(hinted.sub_scores.AUS).toBe(100);
    expect(hinted.possible_matches).toContainEqual(
      expect.objectContaining({ register: "AUSTRAC's enforcement actions", unresolved: false, reason_not_counted: 'the action is against Westpac Banking Corporation, ABN 33 007 457 141, ACN 007 457 141, not this entity.' }),
    );
    expect(hinted.names_screened).toEqual(['JOHN SMITH', 'Westpac']);
  });

  it('names the sources it cannot reach, and explains which directors were checked on GET (none for a company)', async () => {
    const body = await get(westpac);
    expect(body.incomplete_sources).toEqual(expect.arrayContaining(['personal_insolvency', 'court_records']));
    expect(body.directors_checked).toEqual([]);
    expect(body.notes).toContain("No director was checked: none was named (POST `directors` to check them against ASIC's banned and disqualified persons register).");
    expect(body.notes).toContain("DIR checked ACN 007 457 141 against ASIC's banned and disqualified organisations register.");
  });
});
