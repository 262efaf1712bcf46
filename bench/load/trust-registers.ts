/**
 * The Trust Score's registers at a small size for the mixed load (bench:trust measures them at full
 * size): an ABN Bulk Extract and the ASIC and AUSTRAC registers in their published layouts, naming some
 * of the extract's ABNs, so a score reads every register and some scores find something.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { abnFor, writeAbrExtract } from '../../scripts/generate-abr-extract';
import { writeBannedOrgs, writeBannedPersons, writeCompanies } from '../../scripts/register-fixtures/asic';
import { writeAsicNoticesPage } from '../../scripts/register-fixtures/asic-notices';
import { writeAustracEnforcementPage, writeAustracReportingEntitiesPage } from '../../scripts/register-fixtures/austrac';
import type { RegisterSource } from '../../src/modules/registers/register-catalogue';
import { storeRegister } from '../../src/modules/registers/register-writers';

/** The ABN of extract record `i` (scripts/generate-abr-extract.ts numbers them so). */
const abnOf = (i: number) => abnFor(100_000 + i * 7);

/** Loads `records` ABR records and the other registers; returns the loaded ABNs, for the score requests. */
export async function loadTrustRegisters(em: EntityManager, records: number, say: (line: string) => void): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-registers-'));
  try {
    const day = (i: number) => `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/${2000 + (i % 25)}`;
    const name = (i: number) => `BENCH COMPANY ${i} PTY LTD`;
    const some = (count: number, step: number) => Array.from({ length: count }, (_, i) => (i * step) % records);
    const files: [RegisterSource, string, (path: string) => Promise<void> | void][] = [
      ['abr', 'abr.xml', (path) => writeAbrExtract(path, records)],
      ['asic_companies', 'companies.tsv', (path) => writeCompanies(path, some(records / 2, 2).map((i) => ({ name: name(i), acn: abnOf(i).slice(2), abn: abnOf(i), status: i % 97 === 0 ? 'EXAD' : 'REGD' })))],
      ['asic_banned_persons', 'persons.csv', (path) => writeBannedPersons(path, Array.from({ length: 500 }, (_, i) => ({ name: `PERSON${i}, GIVEN`, type: 'Banned Securities', start: day(i) })))],
      ['asic_banned_orgs', 'orgs.tsv', (path) => writeBannedOrgs(path, some(100, 13).map((i) => ({ acn: abnOf(i).slice(2), name: name(i), type: 'Credit banning', start: day(i) })))],
      ['asic_notices', 'notices.html', (path) => writeAsicNoticesPage(path, some(200, 17).map((i) => ({ type: 'Appointment of Liquidator', published: `2026-${String((i % 10) + 1).padStart(2, '0')}-01`, companies: [{ name: name(i), acn: abnOf(i).slice(2) }] })))],
      ['austrac_enforcement', 'enforcement.html', (path) => writeAustracEnforcementPage(path, some(50, 31).map((i) => ({ title: `AUSTRAC accepts enforceable undertaking from Bench Company ${i} Pty Ltd`, date: '2025-06-30' })))],
      ['austrac_reporting_entities', 'reporting.html', (path) => writeAustracReportingEntitiesPage(path, some(500, 3).map((i) => ({ name: name(i), abn: abnOf(i), type: 'Independent remittance dealer', status: 'Registered', registered: '2020-01-01' })))],
    ];
    for (const [source, fileName, write] of files) {
      const path = join(dir, fileName);
      await write(path);
      const outcome = await storeRegister(em.fork(), source, { path, origin: `file:${path}`, workflowId: null });
      say(`  loaded ${source}: ${outcome.recordCount.toLocaleString()} records`);
    }
    return Array.from({ length: records }, (_, i) => abnOf(i));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
