/**
 * Small files in ASIC's published layouts, for tests and local runs: the banned and disqualified
 * persons register (comma-separated, quoted, BOM, dd/mm/yyyy, as data.gov.au serves it), the banned
 * and disqualified organisations register (tab-separated, as data.gov.au serves it) and the company
 * dataset (tab-separated, one row per company name). Rows are given by the caller; `malformed` adds
 * rows a loader must report and skip (an impossible date, a missing name, a short row, a bad ACN).
 *
 *   npx tsx scripts/register-fixtures/asic.ts <directory>   writes one sample of each
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BOM = '\uFEFF';

export interface BannedPersonRow {
  name: string; // "SURNAME, GIVEN NAMES"
  type: string;
  start: string; // dd/mm/yyyy
  end?: string;
  locality?: string;
  state?: string;
  postcode?: string;
  /** As the register prints it ("#004289112"); omitted: numbered from #004289112 in row order. */
  documentNumber?: string;
}

export interface BannedOrgRow {
  acn: string;
  name: string;
  type: string;
  start: string;
  end?: string;
}

export interface CompanyRow {
  name: string;
  acn: string;
  status: string;
  abn?: string;
  type?: string;
  registered?: string;
  deregistered?: string;
  /** A former name: written with Current Name Indicator blank and the current name alongside. */
  currentName?: string;
}

const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;

export function writeBannedPersons(path: string, rows: BannedPersonRow[], options: { malformed?: boolean } = {}): void {
  const header = 'REGISTER_NAME,BD_PER_NAME,BD_PER_TYPE,BD_PER_DOC_NUM,BD_PER_START_DT,BD_PER_END_DT,BD_PER_ADD_LOCAL,BD_PER_ADD_STATE,BD_PER_ADD_PCODE,BD_PER_ADD_COUNTRY,BD_PER_COMMENTS';
  const lines = rows.map((r, i) =>
    ['Banned and Disqualified Persons', r.name, r.type, r.documentNumber ?? `#0${String(4289112 + i).padStart(8, '0')}`, r.start, r.end ?? '', r.locality ?? 'MELBOURNE', r.state ?? 'VIC', r.postcode ?? '3000', 'AUSTRALIA', 'No comment made']
      .map(quote)
      .join(','),
  );
  if (options.malformed) {
    lines.push(['Banned and Disqualified Persons', 'BADDATE, ALEX', 'Banned Securities', '#1', '31/02/2001', '', 'PERTH', 'WA', '6000', 'AUSTRALIA', 'No comment made'].map(quote).join(','));
    lines.push(['Banned and Disqualified Persons', '', 'Banned Securities', '#2', '01/02/2001', '', 'PERTH', 'WA', '6000', 'AUSTRALIA', 'No comment made'].map(quote).join(','));
    lines.push(['Banned and Disqualified Persons', 'SHORT, ROW'].map(quote).join(','));
  }
  writeFileSync(path, `${BOM}${header}\r\n${lines.join('\r\n')}\r\n`);
}

export function writeBannedOrgs(path: string, rows: BannedOrgRow[], options: { malformed?: boolean } = {}): void {
  const header = ['REGISTER_NAME', 'BD_ORG_ACN', 'BD_ORG_NAME', 'BD_ORG_TYPE', 'BD_ORG_URL', 'BD_ORG_START_DT', 'BD_ORG_END_DT', 'BD_ORG_COMMENT'].join('\t');
  const lines = rows.map((r) => ['Banned and Disqualified Organisations', r.acn, r.name, r.type, 'Not available', r.start, r.end ?? '', 'No comment made'].join('\t'));
  if (options.malformed) lines.push(['Banned and Disqualified Organisations', '081402379', 'NO DATE PTY LTD', 'Credit banning', 'Not available', '2006-11-07', '', 'No comment made'].join('\t'));
  writeFileSync(path, `${BOM}${header}\r\n${lines.join('\r\n')}\r\n`);
}

export function writeCompanies(path: string, rows: CompanyRow[], options: { malformed?: boolean } = {}): void {
  const header = [
    'Company Name',
    'ACN',
    'Type',
    'Class',
    'Sub Class',
    'Status',
    'Date of Registration',
    'Date of Deregistration',
    'Previous State of Registration',
    'State Registration number',
    'Modified since last report',
    'Current Name Indicator',
    'ABN',
    'Current Name',
    'Current Name Start Date',
  ].join('\t');
  const lines = rows.map((r) =>
    [r.name, r.acn, r.type ?? 'APTY', 'LMSH', 'PROP', r.status, r.registered ?? '01/07/1998', r.deregistered ?? '', '', '', '', r.currentName ? '' : 'Y', r.abn ?? '', r.currentName ?? '', ''].join('\t'),
  );
  if (options.malformed) {
    lines.push(['BROKEN ACN PTY LTD', '12345', 'APTY', 'LMSH', 'PROP', 'REGD', '01/01/2001', '', '', '', '', 'Y', '', '', ''].join('\t'));
    lines.push(['NO STATUS PTY LTD', '000000019', 'APTY', 'LMSH', 'PROP', '', '01/01/2001', '', '', '', '', 'Y', '', '', ''].join('\t'));
  }
  writeFileSync(path, `${header}\n${lines.join('\n')}\n`);
}

if (require.main === module) {
  const dir = process.argv[2] ?? '.';
  writeBannedPersons(join(dir, 'asic_banned_persons.csv'), [{ name: 'CITIZEN, JOHN WILLIAM', type: 'Disqualified from managing corporations', start: '01/03/2022', end: '01/03/2027' }], { malformed: true });
  writeBannedOrgs(join(dir, 'asic_banned_orgs.tsv'), [{ acn: '000000019', name: 'EXAMPLE FINANCE PTY LTD', type: 'Australian Financial Services banning', start: '07/11/2020' }], { malformed: true });
  writeCompanies(join(dir, 'asic_companies.tsv'), [{ name: 'EXAMPLE FINANCE PTY LTD', acn: '000000019', status: 'EXAD', abn: '53004085616' }], { malformed: true });
  process.stdout.write(`wrote three ASIC register samples to ${dir}\n`);
}
