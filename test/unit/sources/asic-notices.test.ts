import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCurrentAdministration, parseAsicNotices } from '../../../src/sources/asic/notices';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import type { RegisterEvent } from '../../../src/sources/registers/register-entry';
import { SAMPLE_NOTICES, writeAsicNoticesPage } from '../../../scripts/register-fixtures/asic-notices';
import { SAMPLE_RELEASES, writeAustracEnforcementPage } from '../../../scripts/register-fixtures/austrac';

const dir = mkdtempSync(join(tmpdir(), 'asic-notices-'));
let files = 0;
const file = (name: string) => join(dir, `${++files}-${name}`);

async function collect(path: string) {
  const all: RegisterEvent[] = [];
  for await (const event of parseAsicNotices(path)) all.push(event);
  return { entries: all.flatMap((e) => ('entry' in e ? [e.entry] : [])), problems: all.flatMap((e) => ('problem' in e ? [e.problem] : [])) };
}

describe('parseAsicNotices', () => {
  it('reads each company of each notice: name, ACN, the notice type as published, the published date, the notice link', async () => {
    const path = file('notices.html');
    writeAsicNoticesPage(path, SAMPLE_NOTICES);
    const { entries, problems } = await collect(path);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(7); // six notices, one of them about two companies
    expect(entries[0]).toEqual({
      name: 'WATTLE GROVE CONSTRUCTIONS PTY LTD',
      acn: '612345678',
      abn: null,
      category: 'Appointment of Liquidator',
      startDate: '2024-03-12',
      endDate: null,
      url: 'https://publishednotices.asic.gov.au/browsesearch-notices/notice-details/WATTLE-GROVE-CONSTRUCTIONS-PTY-LTD-612345678/6b27be62-7e93-4214-8030-000000000001',
      detail: { status: 'In Liquidation', trading_as: null, notice_id: '6b27be62-7e93-4214-8030-000000000001', acn_as_published: null, arbn: null },
    });
    expect(entries[1]).toMatchObject({
      name: 'BLUE GUM LOGISTICS PTY LTD',
      category: 'Notice of Winding Up Application - Federal Court of Australia',
      startDate: '2024-03-14',
      detail: { trading_as: 'BLUE GUM FREIGHT', status: 'Registered' },
    });
    const group = entries.filter((e) => e.category === 'Appointment of Administrator');
    expect(group.map((e) => [e.name, e.acn])).toEqual([
      ['CORAL COAST HOSPITALITY GROUP PTY LTD', '627118345'],
      ['CORAL COAST HOTELS PTY LTD', '627118354'],
    ]);
    expect(new Set(group.map((e) => e.url)).size).toBe(1);
    expect(entries.find((e) => e.name.startsWith("O'BRIEN"))).toMatchObject({ name: "O'BRIEN & SONS PLUMBING PTY LTD", acn: '098765432', category: 'Deregistration of a company' });
  });

  it('reads a page saved from a browser, where the outer <p> is already closed and the name precedes the list', async () => {
    const path = file('saved-by-browser.html');
    writeAsicNoticesPage(path, SAMPLE_NOTICES);
    const dom = readFileSync(path, 'utf8').replace(/<p><p>(.*?)<\/p><dl>(.*?)<\/dl><\/p>/g, '<p></p><p>$1</p><dl>$2</dl><p></p>');
    writeFileSync(path, dom);
    const { entries, problems } = await collect(path);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.name)).toContain('CORAL COAST HOTELS PTY LTD');
    expect(entries).toHaveLength(7);
  });

  it('reports a nameless company and a notice published on 31/02, and still loads the rest', async () => {
    const path = file('malformed.html');
    writeAsicNoticesPage(path, SAMPLE_NOTICES, { malformed: true });
    const { entries, problems } = await collect(path);
    expect(entries).toHaveLength(7);
    expect(problems).toEqual([
      { location: 'notice 2 (Appointment of Liquidator)', message: 'no company name' },
      { location: 'notice 4 (Notice of Winding Up Application)', message: 'published date "31/02/2024" is not a real date' },
    ]);
    expect(entries.some((e) => e.name === 'Ironbark Haulage Pty Ltd')).toBe(false);
  });

  it('does not give a nameless company its neighbour’s name', async () => {
    const path = file('group-missing-name.html');
    writeAsicNoticesPage(path, [
      {
        type: 'Appointment of Liquidator',
        published: '2024-07-01',
        companies: [
          { name: 'KAKADU TOURS PTY LTD', acn: '600 000 017', status: 'In Liquidation' },
          { name: '', acn: '600 000 026', status: 'In Liquidation' },
        ],
      },
    ]);
    const { entries, problems } = await collect(path);
    expect(entries.map((e) => e.name)).toEqual(['KAKADU TOURS PTY LTD']);
    expect(problems).toEqual([{ location: 'notice 1 company 2 (Appointment of Liquidator)', message: 'no company name' }]);
  });

  it('refuses a CSV, a JSON file and HTML pages without a notices list', async () => {
    const csv = file('notices.csv');
    writeFileSync(csv, 'Company,ACN,Notice,Published\nWATTLE GROVE CONSTRUCTIONS PTY LTD,612345678,Appointment of Liquidator,12/03/2024\n');
    const json = file('notices.json');
    writeFileSync(json, JSON.stringify({ notices: [{ company: 'WATTLE GROVE CONSTRUCTIONS PTY LTD', acn: '612345678' }] }));
    const faq = file('faq.html');
    writeFileSync(faq, '<!DOCTYPE html><html><head><title>FAQs - Published notices - ASIC</title></head><body><div id="header"></div><h1>FAQs</h1><p>FAQ 1 - How do I lodge a notice?</p></body></html>');
    const austrac = file('austrac.html');
    writeAustracEnforcementPage(austrac, SAMPLE_RELEASES);
    for (const path of [csv, json, faq, austrac]) {
      await expect(collect(path)).rejects.toThrow(UnexpectedFormatError);
    }
    await expect(collect(csv)).rejects.toThrow(/asic_notices: not the expected format: not an HTML page/);
  });
});

describe('isCurrentAdministration', () => {
  it.each([
    'Appointment of Liquidator',
    'Notice of appointment of administrator',
    'Appointment of Provisional Liquidator',
    'Appointment of Receiver and Manager',
    'Notice of appointment of controller',
    'Appointment of restructuring practitioner',
    'Winding up order',
    'Notice of Winding Up Application - Federal Court of Australia',
    'Application to wind up the company',
    'Resolution to wind up the company (members’ voluntary winding up)',
    'Deed of Company Arrangement executed',
    'Notice of winding up order and appointment of liquidator',
  ])('%s: under way', (category) => {
    expect(isCurrentAdministration(category)).toBe(true);
  });

  it.each([
    'Notice of Meeting of Creditors',
    'Notice of final meeting of creditors (liquidation)',
    'Notice of Intention to Declare a Dividend',
    'Call for proofs of debt',
    'Notice of disclaimer of onerous property',
    'Notice of dismissal of winding up application',
    'Withdrawal of winding up application',
    'Termination of deed of company arrangement',
    'Release of liquidator',
    'Deregistration of a company',
    'Proposed deregistration',
    'Change of registered office',
  ])('%s: not', (category) => {
    expect(isCurrentAdministration(category)).toBe(false);
  });
});
