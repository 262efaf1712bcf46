import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAustracEnforcement } from '../../../src/sources/austrac/enforcement';
import { actionKind, entityFromTitle } from '../../../src/sources/austrac/release-title';
import { parseAustracReportingEntities, registerCategory } from '../../../src/sources/austrac/reporting-entities';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import type { RegisterEntry, RegisterEvent } from '../../../src/sources/registers/register-entry';
import { findPublishedDate, publishedDate } from '../../../src/sources/registers/published-date';
import {
  SAMPLE_LIST_SECTIONS,
  SAMPLE_REGISTER,
  SAMPLE_RELEASES,
  writeAustracEnforcementListsPage,
  writeAustracEnforcementPage,
  writeAustracReportingEntitiesPage,
} from '../../../scripts/register-fixtures/austrac';
import { SAMPLE_NOTICES, writeAsicNoticesPage } from '../../../scripts/register-fixtures/asic-notices';

const dir = mkdtempSync(join(tmpdir(), 'austrac-'));
let files = 0;
const file = (name: string) => join(dir, `${++files}-${name}`);

async function collect(events: AsyncIterable<RegisterEvent>) {
  const all: RegisterEvent[] = [];
  for await (const event of events) all.push(event);
  const entries = all.flatMap((e) => ('entry' in e ? [e.entry] : []));
  const problems = all.flatMap((e) => ('problem' in e ? [e.problem] : []));
  return { entries, problems, byName: new Map<string, RegisterEntry>(entries.map((e) => [e.name, e])) };
}

/** Files that are not the page at all: each must be refused whole. */
function wrongFormats(): string[] {
  const csv = file('register.csv');
  writeFileSync(csv, 'Entity name,ABN,Date registered\nPacific Remit Network Pty Ltd,46627118345,17/05/2021\n');
  const json = file('actions.json');
  writeFileSync(json, JSON.stringify([{ title: 'AUSTRAC accepts enforceable undertaking from Mounties Group', date: '2024-03-12' }]));
  const about = file('about.html');
  writeFileSync(
    about,
    '<!DOCTYPE html><html><head><title>About us | AUSTRAC</title></head><body><header><nav><a href="/">Home</a></nav></header>' +
      '<main><h1>About us</h1><p>AUSTRAC is Australia’s financial intelligence agency, established on 1 July 1989.</p></main><footer>© Commonwealth of Australia</footer></body></html>',
  );
  const notices = file('asic-notices.html');
  writeAsicNoticesPage(notices, SAMPLE_NOTICES);
  return [csv, json, about, notices];
}

describe('publishedDate', () => {
  it.each([
    ['12 March 2024', '2024-03-12'],
    ['1 Sept. 2023', '2023-09-01'],
    ['12/03/2024', '2024-03-12'],
    ['5-7-2021', '2021-07-05'],
    ['2024-03-12', '2024-03-12'],
    ['2024-03-12T00:00:00+11:00', '2024-03-12'],
    ['March 12, 2024', '2024-03-12'],
    ['29 February 2024', '2024-02-29'],
    ['29 February 2023', null],
    ['31/02/2024', null],
    ['2024-13-01', null],
    ['Tuesday', null],
    ['', null],
  ])('%s → %s', (text, expected) => {
    expect(publishedDate(text)).toBe(expected);
  });

  it('finds the first date inside text and says when it is not a real day', () => {
    expect(findPublishedDate('Published: 12/03/2024')).toEqual({ text: '12/03/2024', date: '2024-03-12' });
    expect(findPublishedDate('Tuesday 31 February 2024 | Media release')).toEqual({ text: '31 February 2024', date: null });
    expect(findPublishedDate('no date here')).toBeNull();
  });
});

describe('AUSTRAC release titles', () => {
  it.each([
    ['AUSTRAC accepts enforceable undertaking from Mounties Group', 'Mounties Group', 'enforceable undertaking'],
    ['AUSTRAC accepts Enforceable Undertaking from Bank of Queensland Limited (BoQ)', 'Bank of Queensland Limited', 'enforceable undertaking'],
    ['AUSTRAC applies for civil penalty orders against Westpac', 'Westpac', 'civil penalty proceedings'],
    ['AUSTRAC commences civil penalty proceedings against Crown Melbourne and Crown Perth', 'Crown Melbourne and Crown Perth', 'civil penalty proceedings'],
    ['Federal Court orders Westpac to pay $1.3 billion penalty', 'Westpac', 'civil penalty proceedings'],
    ['AUSTRAC and CBA agree $700m penalty', 'CBA', 'civil penalty proceedings'],
    ['AUSTRAC issues infringement notice to State Street Bank and Trust Company for failing to report', 'State Street Bank and Trust Company', 'infringement notice'],
    ['AUSTRAC issues remedial direction to Australian Military Bank', 'Australian Military Bank', 'remedial direction'],
    ['AUSTRAC orders appointment of external auditor to Gold Corporation', 'Gold Corporation', 'external audit'],
    ['AUSTRAC has required Canberra Southern Cross Club to appoint an external auditor', 'Canberra Southern Cross Club', 'external audit'],
    ['AUSTRAC commences enforcement investigation into Entain', 'Entain', 'enforcement investigation'],
    ['AUSTRAC accepts enforceable undertaking from Sportsbet to improve compliance', 'Sportsbet', 'enforceable undertaking'],
    ['The Star Entertainment Group to pay $10 million penalty', 'The Star Entertainment Group', 'civil penalty proceedings'],
  ])('%s', (title, entity, kind) => {
    expect(entityFromTitle(title)).toBe(entity);
    expect(actionKind(title)).toBe(kind);
  });

  it('names no entity in a release about several businesses or about something else', () => {
    expect(entityFromTitle('AUSTRAC issues businesses with infringement notices for failing to comply with their reporting obligations')).toBeNull();
    expect(entityFromTitle('AUSTRAC signs Memorandum of Understanding with the Great Britain Gambling Commission')).toBeNull();
    expect(actionKind('AUSTRAC hosts the Pacific Financial Intelligence Analyst Course')).toBe('enforcement action');
  });
});

describe('parseAustracEnforcement', () => {
  it('reads the media-release listing: entity, kind, the printed (local) date, absolute links, a stated ABN', async () => {
    const path = file('releases.html');
    writeAustracEnforcementPage(path, SAMPLE_RELEASES);
    const { entries, problems, byName } = await collect(parseAustracEnforcement(path));
    expect(entries).toHaveLength(7);
    expect(byName.get('Mounties Group')).toEqual({
      name: 'Mounties Group',
      abn: null,
      acn: null,
      category: 'enforceable undertaking',
      startDate: '2024-03-12', // the <time> says 2024-03-11T13:00:00Z: the printed day wins
      endDate: null,
      url: 'https://www.austrac.gov.au/news-and-media/media-release/austrac-accepts-enforceable-undertaking-from-mounties-group',
      detail: {
        title: 'AUSTRAC accepts enforceable undertaking from Mounties Group',
        summary: 'AUSTRAC has accepted an enforceable undertaking from Mounties Group to uplift its compliance with Australia’s AML/CTF laws.',
        legal_name: null, // the release defines no legal name for "Mounties Group"
      },
    });
    expect(byName.get('Westpac')).toMatchObject({ category: 'civil penalty proceedings', startDate: '2019-11-20', abn: '33007457141' });
    expect(byName.get('CBA')).toMatchObject({ url: 'https://www.austrac.gov.au/news-and-media/media-release/austrac-and-cba-agree-700m-penalty', startDate: '2018-06-04' });
    expect(byName.get('State Street Bank and Trust Company')).toMatchObject({ category: 'infringement notice', startDate: '2020-06-04' });
    expect(byName.get('Australian Military Bank Ltd')?.category).toBe('remedial direction');
    expect(byName.get('Entain Group Pty Ltd')?.category).toBe('external audit');
    expect(byName.get('SkyCity Adelaide Pty Ltd')?.category).toBe('civil penalty proceedings');
    expect(problems).toEqual([{ location: 'item 8', message: expect.stringMatching(/Memorandum of Understanding.*names no entity/) }]);
  });

  it('reports a nameless item and a 31 February item, and still loads the rest', async () => {
    const path = file('releases-malformed.html');
    writeAustracEnforcementPage(path, SAMPLE_RELEASES, { malformed: true });
    const { entries, problems } = await collect(parseAustracEnforcement(path));
    expect(entries).toHaveLength(7);
    expect(problems).toEqual([
      { location: 'item 2', message: 'no title' },
      { location: expect.stringMatching(/^item 4 \(AUSTRAC issues remedial direction to Harbourside/), message: '"31 February 2024" is not a real date' },
      expect.objectContaining({ message: expect.stringMatching(/names no entity/) }),
    ]);
    expect(entries.some((e) => e.name.includes('Harbourside'))).toBe(false);
  });

  it('reads the "Lists of enforcement actions taken" tables: the kind from the heading, the document link', async () => {
    const path = file('lists.html');
    writeAustracEnforcementListsPage(path, SAMPLE_LIST_SECTIONS, { malformed: true });
    const { entries, problems, byName } = await collect(parseAustracEnforcement(path));
    expect(entries.map((e) => e.name)).toEqual(['Little Persia', 'ClassicBet Pty Ltd', 'State Street Bank and Trust Company']);
    expect(byName.get('Little Persia')).toEqual({
      name: 'Little Persia',
      abn: null,
      acn: null,
      category: 'remedial direction',
      startDate: '2009-11-04',
      endDate: null,
      url: 'https://www.austrac.gov.au/sites/default/files/2019-07/remedial-direction-little-persia.pdf',
      detail: { title: 'Remedial direction issued to Little Persia (PDF, 37KB)', section: 'Remedial directions' },
    });
    // No document: the entry cites the page it is listed on.
    expect(byName.get('State Street Bank and Trust Company')).toMatchObject({ category: 'infringement notice', url: 'https://www.austrac.gov.au/lists-enforcement-actions-taken' });
    expect(problems).toEqual([
      { location: 'table 1 row 3', message: 'no entity name' },
      { location: 'table 1 row 4 (Southern Cross Remit Pty Ltd)', message: '"30 February 2023" is not a real date' },
    ]);
  });

  it('refuses a CSV, a JSON file and HTML pages without a listing or an actions table', async () => {
    for (const path of wrongFormats()) {
      await expect(collect(parseAustracEnforcement(path))).rejects.toThrow(UnexpectedFormatError);
    }
    await expect(collect(parseAustracEnforcement(wrongFormats()[0]!))).rejects.toThrow(/austrac_enforcement: not the expected format: not an HTML page/);
  });
});

describe('parseAustracReportingEntities', () => {
  it('reads the Remittance Sector Register: name, ABN without spaces, the register, registration and expiry dates', async () => {
    const path = file('rsr.html');
    writeAustracReportingEntitiesPage(path, SAMPLE_REGISTER);
    const { entries, problems, byName } = await collect(parseAustracReportingEntities(path));
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(3);
    expect(byName.get('Pacific Remit Network Pty Ltd')).toEqual({
      name: 'Pacific Remit Network Pty Ltd',
      abn: '46627118345',
      acn: null,
      category: 'registered remittance provider',
      startDate: '2021-05-17',
      endDate: '2027-05-17',
      url: 'https://www.austrac.gov.au/business/remittance-sector-register',
      detail: { 'Registration number': 'RNP100012345', 'Registration type': 'Remittance network provider', 'Registration status': 'Registered' },
    });
    expect(byName.get('Cabramatta Family Remit & Travel')).toMatchObject({ abn: null, startDate: '2024-02-29', detail: expect.objectContaining({ ABN: null }) });
  });

  it('names the digital currency exchange register', async () => {
    const path = file('dce.html');
    writeAustracReportingEntitiesPage(path, [{ name: 'Coinstash Exchange Pty Ltd', abn: '43 605 551 234', type: 'Digital currency exchange provider', registered: '2019-02-14', expires: '2028-02-14' }], { register: 'dce' });
    const { entries } = await collect(parseAustracReportingEntities(path));
    expect(entries).toEqual([expect.objectContaining({ name: 'Coinstash Exchange Pty Ltd', abn: '43605551234', category: 'registered digital currency exchange', endDate: '2028-02-14' })]);
    expect(registerCategory('Virtual asset service provider')).toBe('registered virtual asset service provider');
    expect(registerCategory(null, 'Enrolled businesses')).toBe('reporting entity');
  });

  it('finds the columns by their headers, in any order and wording', async () => {
    const path = file('reordered.html');
    writeFileSync(
      path,
      `<!DOCTYPE html><html><head><title>Remittance Sector Register | AUSTRAC</title></head><body><nav><a href="/">Home</a></nav><main>
      <h1>Remittance Sector Register</h1>
      <table><tr><th>Expiry date</th><th>ABN/ACN</th><th>Status</th><th>Business name</th><th>Registered from</th><th>Trading name</th></tr>
      <tr><td>1 August 2026</td><td>614 273 892</td><td>Registered</td><td><a href="/rsr/IRD100998877">Harbourside Currency Exchange Pty Ltd</a></td><td>1 August 2023</td><td>Harbourside FX</td></tr>
      <tr><td>3 March 2025</td><td>48 614 273 892</td><td>Cancelled</td><td>Kogarah Remittance Services</td><td>4 March 2022</td><td></td></tr>
      </table></main></body></html>`,
    );
    const { entries, problems } = await collect(parseAustracReportingEntities(path));
    expect(problems).toEqual([]);
    expect(entries).toEqual([
      {
        name: 'Harbourside Currency Exchange Pty Ltd',
        abn: null,
        acn: '614273892',
        category: 'registered remittance provider',
        startDate: '2023-08-01',
        endDate: '2026-08-01',
        url: 'https://www.austrac.gov.au/rsr/IRD100998877',
        detail: { Status: 'Registered', 'Trading name': 'Harbourside FX' },
      },
      expect.objectContaining({ name: 'Kogarah Remittance Services', abn: '48614273892', startDate: '2022-03-04', endDate: '2025-03-03', url: null }),
    ]);
  });

  it('reports a nameless row, an impossible date and a cancelled registration with no end date, and loads the rest', async () => {
    const path = file('rsr-malformed.html');
    writeAustracReportingEntitiesPage(path, SAMPLE_REGISTER, { malformed: true });
    const { entries, problems } = await collect(parseAustracReportingEntities(path));
    expect(entries).toHaveLength(3);
    expect(problems).toEqual([
      { location: 'table 1 row 4', message: 'no name' },
      { location: 'table 1 row 5 (Parramatta Money Transfer Pty Ltd)', message: 'Date registered "31/02/2023" is not a date' },
      { location: 'table 1 row 6 (Lakemba Express Remit Pty Ltd)', message: expect.stringMatching(/^status "Cancelled" but no end date/) },
    ]);
  });

  it('refuses a CSV, a JSON file and HTML pages without a register table', async () => {
    const releases = file('releases-not-register.html');
    writeAustracEnforcementPage(releases, SAMPLE_RELEASES);
    for (const path of [...wrongFormats(), releases]) {
      await expect(collect(parseAustracReportingEntities(path))).rejects.toThrow(UnexpectedFormatError);
    }
  });
});
