/**
 * ASIC's company dataset (data.gov.au "ASIC - Company Dataset"): tab-separated, one row per company
 * name (former names are extra rows whose Current Name Indicator is not `Y`), ACNs as 9 digits with
 * leading zeros, dates dd/mm/yyyy. Status codes say whether the company exists: REGD registered,
 * DRGD deregistered, EXAD under external administration, SOFF strike-off action in progress, NOAC not
 * active, and others kept as published.
 */
import type { AsicCompanyEvent } from './company-record';
import { abnOrNull, acnOrNull, ausDate } from '../registers/name-key';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isZipFile, zipMembers } from '../common/zip-archive';
import { readHeaderedRows } from './delimited-file';

const REQUIRED = ['COMPANY NAME', 'ACN', 'STATUS'];

export async function* parseAsicCompanies(path: string): AsyncIterable<AsicCompanyEvent> {
  for await (const item of readHeaderedRows(path, 'asic_companies', REQUIRED)) {
    if ('short' in item) {
      yield { problem: { location: `line ${item.short.line}`, message: `only ${item.short.width} fields` } };
      continue;
    }
    const { row } = item;
    const location = `line ${row.line}`;
    const acn = acnOrNull(row.get('ACN'));
    const name = row.get('COMPANY NAME').replace(/\s+/g, ' ');
    const status = row.get('STATUS').toUpperCase();
    const indicator = row.get('CURRENT NAME INDICATOR').toUpperCase();
    if (!acn) {
      yield { problem: { location, message: `ACN "${row.get('ACN')}" is not 9 digits` } };
      continue;
    }
    if (!name || !status) {
      yield { problem: { location, message: !name ? 'no company name' : 'no status' } };
      continue;
    }
    yield {
      company: {
        acn,
        name,
        currentName: indicator ? indicator === 'Y' : !row.get('CURRENT NAME'),
        type: row.get('TYPE') || null,
        class: row.get('CLASS') || null,
        subClass: row.get('SUB CLASS') || null,
        status,
        registeredOn: ausDate(row.get('DATE OF REGISTRATION')),
        deregisteredOn: ausDate(row.get('DATE OF DEREGISTRATION')),
        abn: abnOrNull(row.get('ABN')),
      },
    };
  }
}

/**
 * The company dataset as published: the tab-separated file, or the ZIP data.gov.au serves it in. The
 * archive's data file is streamed out to a temporary directory (the delimiter is read from its header
 * line, which needs a file), parsed, and removed.
 */
export async function* parseAsicCompaniesFile(path: string): AsyncIterable<AsicCompanyEvent> {
  if (!(await isZipFile(path))) {
    yield* parseAsicCompanies(path);
    return;
  }
  const members = await zipMembers(path, 'asic_companies', (name) => /\.(csv|txt|tsv)$/i.test(name), 'company data file (.csv, .txt or .tsv)');
  const member = members.reduce((largest, m) => (m.size > largest.size ? m : largest));
  const directory = await mkdtemp(join(tmpdir(), 'asic-companies-'));
  try {
    const inflated = join(directory, 'companies.tsv');
    await pipeline(member.open(), createWriteStream(inflated));
    yield* parseAsicCompanies(inflated);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
