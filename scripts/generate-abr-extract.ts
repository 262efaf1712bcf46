/**
 * Writes an ABN Bulk Extract file in the ABR's published layout (bulkextract.xsd; the shapes seen in
 * real records: non-individual and individual entities, cancelled ABNs, GST `NON` with the 19000101
 * placeholder, empty states, duplicate and `&`-bearing other names) with valid, checksummed ABNs, for
 * tests and for `bench:trust`'s million-record load. Deterministic for a given count and seed.
 *
 *   npx tsx scripts/generate-abr-extract.ts <out.xml> [records=1000] [--malformed]
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { checkAbn } from '../src/sources/common/business-numbers';

const SURNAMES = ['NGUYEN', 'SMITH', "O'BRIEN", 'PAPADOPOULOS', 'KAUR', 'WANG', 'MURPHY', 'ROSSI', 'HASSAN', 'TAUFA'];
const GIVEN = ['JANE', 'MOHAMMED', 'LI', 'AROHA', 'PRIYA', 'LUCA', 'SIONE', 'MARIA', 'JAMES', 'THI'];
const WORDS = ['HARBOUR', 'OUTBACK', 'SOUTHERN', 'CORAL', 'EUCALYPT', 'BLUE GUM', 'MALLEE', 'WATTLE', 'BRIGHTON', 'KAKADU'];
const TRADES = ['PLUMBING', 'ACCOUNTING', 'LOGISTICS', 'DENTAL', 'REAL ESTATE', 'CATERING', 'ELECTRICAL', 'LEGAL'];
const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT', ''];

/** A valid ABN whose last nine digits are `base` (as a company's ABN holds its ACN). */
export function abnFor(base: number): string {
  const tail = String(base).padStart(9, '0');
  for (let prefix = 10; prefix <= 99; prefix += 1) {
    const abn = `${prefix}${tail}`;
    if (checkAbn(abn).valid) return abn;
  }
  throw new Error(`no ABN prefix for ${tail}`);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&apos;');
const ymd = (n: number) => `${2000 + (n % 25)}${String((n % 12) + 1).padStart(2, '0')}${String((n % 28) + 1).padStart(2, '0')}`;

/** One `<ABR>` record; `i` decides its shape. */
export function abrRecordXml(i: number): string {
  const abn = abnFor(100_000 + i * 7);
  const cancelled = i % 11 === 3;
  const individual = i % 5 === 1;
  const state = STATES[i % STATES.length]!;
  const postcode = state ? String(2000 + (i % 7000)).padStart(4, '0') : '';
  const entity = individual
    ? `<LegalEntity><IndividualName type="LGL"><GivenName>${GIVEN[i % GIVEN.length]}</GivenName>${i % 3 === 0 ? `<GivenName>${GIVEN[(i + 3) % GIVEN.length]}</GivenName>` : ''}<FamilyName>${escape(SURNAMES[i % SURNAMES.length]!)}</FamilyName></IndividualName><BusinessAddress><AddressDetails>${state ? `<State>${state}</State>` : '<State />'}${postcode ? `<Postcode>${postcode}</Postcode>` : '<Postcode />'}</AddressDetails></BusinessAddress></LegalEntity>`
    : `<MainEntity><NonIndividualName type="MN"><NonIndividualNameText>${escape(`${WORDS[i % WORDS.length]} ${TRADES[i % TRADES.length]} ${i % 4 === 0 ? '& SONS ' : ''}PTY LTD`)}</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails>${state ? `<State>${state}</State>` : '<State />'}${postcode ? `<Postcode>${postcode}</Postcode>` : '<Postcode>0000</Postcode>'}</AddressDetails></BusinessAddress></MainEntity>`;
  const type = individual ? ['IND', 'Individual/Sole Trader'] : ['PRV', 'Australian Private Company'];
  const asic = individual ? '' : `<ASICNumber ASICNumberType="undetermined">${abn.slice(2)}</ASICNumber>`;
  const gst = i % 7 === 2 ? '<GST status="NON" GSTStatusFromDate="19000101" />' : `<GST status="${cancelled ? 'CAN' : 'ACT'}" GSTStatusFromDate="${ymd(i)}" />`;
  const trading = `${WORDS[(i + 1) % WORDS.length]} ${TRADES[(i + 2) % TRADES.length]}`;
  const others = i % 2 === 0 ? `<OtherEntity><NonIndividualName type="TRD"><NonIndividualNameText>${trading}</NonIndividualNameText></NonIndividualName></OtherEntity><OtherEntity><NonIndividualName type="BN"><NonIndividualNameText>${trading.toLowerCase()}</NonIndividualNameText></NonIndividualName></OtherEntity><OtherEntity><NonIndividualName type="TRD"><NonIndividualNameText>${trading}</NonIndividualNameText></NonIndividualName></OtherEntity>` : '';
  return `<ABR recordLastUpdatedDate="${ymd(i + 5)}" replaced="N"><ABN status="${cancelled ? 'CAN' : 'ACT'}" ABNStatusFromDate="${ymd(i + 1)}">${abn}</ABN><EntityType><EntityTypeInd>${type[0]}</EntityTypeInd><EntityTypeText>${type[1]}</EntityTypeText></EntityType>${entity}${asic}${gst}${others}</ABR>`;
}

/** Writes `records` records (plus, with `malformed`, a bad-checksum and a nameless record) to `path`. */
export async function writeAbrExtract(path: string, records: number, options: { malformed?: boolean } = {}): Promise<void> {
  const out = createWriteStream(path);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const total = records + (options.malformed ? 2 : 0);
  await write(`<?xml version="1.0" encoding="utf-8"?>\n<Transfer error="none"><TransferInfo><FileSequenceNumber>1</FileSequenceNumber><RecordCount>${total}</RecordCount><ExtractTime>2026-11-20T12:00:00</ExtractTime></TransferInfo>\n`);
  for (let i = 0; i < records; i += 1) {
    await write(abrRecordXml(i) + '\n');
    if (options.malformed && i === Math.floor(records / 2)) {
      await write(abrRecordXml(i + 1).replace(/>(\d{11})<\/ABN>/, (_m, abn: string) => `>${abn.slice(0, 10)}${(Number(abn[10]) + 1) % 10}</ABN>`) + '\n');
      await write(abrRecordXml(i + 2).replace(/<MainEntity>.*<\/MainEntity>|<LegalEntity>.*<\/LegalEntity>/, '') + '\n');
    }
  }
  await write('</Transfer>\n');
  out.end();
  await once(out, 'finish');
}

if (require.main === module) {
  const [path, count = '1000', flag] = process.argv.slice(2);
  if (!path) {
    process.stderr.write('usage: npx tsx scripts/generate-abr-extract.ts <out.xml> [records] [--malformed]\n');
    process.exit(2);
  }
  void writeAbrExtract(path, Number(count), { malformed: flag === '--malformed' }).then(() => process.stdout.write(`wrote ${count} records to ${path}\n`));
}
