import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAsicBannedOrgs, parseAsicBannedPersons } from '../../../src/sources/asic/banned';
import { parseAsicCompanies } from '../../../src/sources/asic/companies';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { registerNameKey } from '../../../src/sources/registers/name-key';
import { writeBannedOrgs, writeBannedPersons, writeCompanies } from '../../../scripts/register-fixtures/asic';

/** The first rows of ASIC's published registers, copied whole by `npx tsx scripts/cut-fixtures.ts registers`. */
const REGISTERS = resolve(__dirname, '../../fixtures/registers');

const dir = mkdtempSync(join(tmpdir(), 'asic-'));

async function collect<E extends object>(events: AsyncIterable<E>) {
  const all: E[] = [];
  for await (const e of events) all.push(e);
  return { records: all.filter((e) => !('problem' in e)), problems: all.flatMap((e) => ('problem' in e ? [(e as { problem: { location: string; message: string } }).problem] : [])) };
}

describe('ASIC banned and disqualified registers', () => {
  it('reads the persons register (comma-separated, quoted, BOM) and reports unreadable rows', async () => {
    const file = join(dir, 'persons.csv');
    writeBannedPersons(file, [
      { name: 'CITIZEN, JOHN WILLIAM', type: 'Disqualified from managing corporations', start: '01/03/2022', end: '01/03/2027' },
      { name: "O'BRIEN,  MARY  ANNE", type: 'Banned Securities', start: '29/03/1994' },
    ], { malformed: true });
    const { records, problems } = await collect(parseAsicBannedPersons(file));
    expect(records.map((r) => ('entry' in r ? r.entry : null))).toEqual([
      expect.objectContaining({ name: 'CITIZEN, JOHN WILLIAM', category: 'Disqualified from managing corporations', startDate: '2022-03-01', endDate: '2027-03-01', acn: null }),
      expect.objectContaining({ name: "O'BRIEN, MARY ANNE", startDate: '1994-03-29', endDate: null, detail: expect.objectContaining({ locality: 'MELBOURNE', comments: null }) }),
    ]);
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/31\/02\/2001.*not a dd\/mm\/yyyy date/), 'no name', expect.stringMatching(/only 2 fields/)]);
  });

  it('reads the organisations register, which ASIC serves tab-separated', async () => {
    const file = join(dir, 'orgs.tsv');
    writeBannedOrgs(file, [{ acn: '008876033', name: 'BLACKBURNE & DIXON PTY LTD', type: 'Credit banning by a State or Territory', start: '10/04/2001' }], { malformed: true });
    const { records, problems } = await collect(parseAsicBannedOrgs(file));
    expect(records).toEqual([{ entry: expect.objectContaining({ acn: '008876033', name: 'BLACKBURNE & DIXON PTY LTD', startDate: '2001-04-10', endDate: null }) }]);
    expect(problems).toHaveLength(1);
  });

  it('reads the real published registers', async () => {
    const p = await collect(parseAsicBannedPersons(join(REGISTERS, 'asic_banned_persons.csv')));
    expect(p.problems).toEqual([]);
    expect(p.records.length).toBe(50);
    expect(p.records[0]).toEqual({ entry: expect.objectContaining({ name: 'ABBOTT, BILL', category: 'Banned Securities', startDate: '1994-03-29', endDate: '1999-03-29' }) });
    const o = await collect(parseAsicBannedOrgs(join(REGISTERS, 'asic_banned_orgs.csv')));
    expect(o.problems).toEqual([]);
    expect(o.records.length).toBe(15);
    expect(o.records[0]).toEqual({ entry: expect.objectContaining({ acn: '081402379', name: 'AUSTRALIAN BUSINESS INSURANCE ADVISERS (ABIA) PTY LTD', endDate: '2008-11-07' }) });
    const permanent = o.records.find((r) => 'entry' in r && r.entry.detail.end_as_published === 'Permanent banning');
    expect(permanent).toEqual({ entry: expect.objectContaining({ endDate: null }) });
  });

  it('refuses a file of another register whole', async () => {
    const companies = join(dir, 'companies-as-persons.tsv');
    writeCompanies(companies, [{ name: 'ACME PTY LTD', acn: '000000019', status: 'REGD' }]);
    await expect(collect(parseAsicBannedPersons(companies))).rejects.toBeInstanceOf(UnexpectedFormatError);
    const json = join(dir, 'wrong.json');
    writeFileSync(json, '{"releases": []}');
    await expect(collect(parseAsicBannedOrgs(json))).rejects.toThrow(/not the expected format: the header lacks/);
  });
});

describe('the ASIC company dataset', () => {
  it('reads companies and their former names, and reports bad ACNs and missing statuses', async () => {
    const file = join(dir, 'companies.tsv');
    writeCompanies(file, [
      { name: 'EXAMPLE FINANCE PTY LTD', acn: '000000019', status: 'EXAD', abn: '53004085616' },
      { name: 'OLD EXAMPLE PTY LTD', acn: '000000019', status: 'EXAD', currentName: 'EXAMPLE FINANCE PTY LTD' },
      { name: 'GONE PTY LTD', acn: '008672179', status: 'DRGD', deregistered: '15/06/2019' },
    ], { malformed: true });
    const { records, problems } = await collect(parseAsicCompanies(file));
    expect(records).toEqual([
      { company: expect.objectContaining({ acn: '000000019', currentName: true, status: 'EXAD', abn: '53004085616', registeredOn: '1998-07-01' }) },
      { company: expect.objectContaining({ name: 'OLD EXAMPLE PTY LTD', currentName: false }) },
      { company: expect.objectContaining({ acn: '008672179', status: 'DRGD', deregisteredOn: '2019-06-15', abn: null }) },
    ]);
    expect(problems.map((p) => p.message)).toEqual(['ACN "12345" is not 9 digits', 'no status']);
  });

  it('refuses the banned persons file', async () => {
    const file = join(dir, 'persons-as-companies.csv');
    writeBannedPersons(file, [{ name: 'CITIZEN, JOHN', type: 'Banned Securities', start: '01/01/2000' }]);
    await expect(collect(parseAsicCompanies(file))).rejects.toBeInstanceOf(UnexpectedFormatError);
  });
});

describe('register name keys', () => {
  it("meet across ASIC's surname-first style, legal forms, case and punctuation", () => {
    expect(registerNameKey('CITIZEN, JOHN WILLIAM')).toBe(registerNameKey('John William Citizen'));
    expect(registerNameKey('BLACKBURNE & DIXON PTY LTD')).toBe(registerNameKey('Blackburne and Dixon Pty. Limited'));
    expect(registerNameKey('Zoë Müller')).toBe(registerNameKey('ZOE MULLER'));
    expect(registerNameKey('John Citizen')).not.toBe(registerNameKey('John William Citizen'));
  });
});
