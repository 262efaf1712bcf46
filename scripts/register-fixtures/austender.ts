/**
 * AusTender OCDS release packages in the layout the API answers (captured `findById` and `findByDates`
 * answers, 2017–2026): `prod-…` ocids and release ids, the agency as the `procuringEntity` party and
 * the supplier as a `supplier` party with its ABN in `additionalIdentifiers` (scheme `AU-ABN`; none for
 * overseas suppliers, whose party id is `EXEMPTUUID-…`), one contract per release whose `description`
 * is the notice's title and `title` the agency's reference number, amounts as strings, periods as
 * instants at midnight Canberra time, `contractAmendment` releases with `amendments`, and the package's
 * `links.next` for paging. Deterministic for a given index. Malformed releases on request.
 *
 *   npx tsx scripts/register-fixtures/austender.ts <out.json> [releases=100] [--ndjson] [--malformed]
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { abnFor } from '../generate-abr-extract';

/** Real agencies and their ABNs as AusTender publishes them. */
export const AGENCIES = [
  { name: 'Department of Foreign Affairs and Trade', abn: '47065634525' },
  { name: 'Department of Home Affairs', abn: '33380054835' },
  { name: 'Australian Federal Police', abn: '17864931143' },
  { name: 'Department of Defence', abn: '68706814312' },
] as const;

const SUPPLIER_WORDS = ['Harbour', 'Outback', 'Southern Cross', 'Coral Sea', 'Wattle', 'Mallee', 'Kakadu', 'Brighton'];
const SUPPLIER_TRADES = ['Consulting', 'Logistics', 'Cyber Services', 'Facilities', 'Engineering', 'Training'];
const OVERSEAS = [
  { name: 'TECNOVA SARL', locality: 'GENEVA', postalCode: '1201', countryName: 'SWITZERLAND' },
  { name: 'PACIFIC SUPPLY (PNG) LTD', locality: 'PORT MORESBY', postalCode: '121', countryName: 'PAPUA NEW GUINEA' },
];
const DESCRIPTIONS = [
  ['Temporary Personnel Services', '80111600'],
  ['Components for IT', '43200000'],
  ['Provision of training services', '86000000'],
  ['Telecommunications Services', '43191501'],
  ['Research Report', '83120000'],
  ['Pump Repair', '40150000'],
] as const;

/** A stable 32-hex-digit token, like AusTender's ids. */
const hex = (seed: string) => createHash('md5').update(seed).digest('hex');

/** The UTC instant of midnight in Canberra on `day` (yyyy-mm-dd), as AusTender writes period dates. */
export function canberraMidnight(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const hourIn = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: '2-digit', hourCycle: 'h23' });
  for (const utcHour of [13, 14]) {
    const at = new Date(Date.UTC(y, m - 1, d - 1, utcHour));
    if (hourIn.format(at) === '00') return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  throw new Error(`no Canberra midnight for ${day}`);
}

const dayPlus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface ReleaseOverrides {
  cnId?: string;
  agency?: string;
  agencyAbn?: string;
  supplierName?: string;
  /** null: an overseas supplier without an ABN. */
  supplierAbn?: string | null;
  /** As published: a string by default (`"12345.60"`), a number, or null for no value. */
  amount?: string | number | null;
  currency?: string;
  description?: string;
  /** The release date (publication), an ISO instant. */
  date?: string;
  /** yyyy-mm-dd, written as midnight Canberra. */
  startDay?: string;
  endDay?: string;
  /** Makes this the n-th amendment of the notice (tag `contractAmendment`, `amendments[]`). */
  amendment?: number;
  /** Fields set on the release last, replacing what was generated. */
  extra?: Record<string, unknown>;
}

/** The `i`-th release; `i` decides agency, supplier, value and dates unless overridden. */
export function austenderRelease(i: number, overrides: ReleaseOverrides = {}): Record<string, unknown> {
  const agency = AGENCIES[i % AGENCIES.length]!;
  const cnId = overrides.cnId ?? `CN${4_100_000 + i}`;
  const ocid = `prod-${hex(`ocid:${cnId}`)}`;
  const amendment = overrides.amendment ?? 0;
  const releaseId = `${ocid}-${hex(`release:${cnId}:${amendment}`)}`;
  const originalReleaseId = `${ocid}-${hex(`release:${cnId}:0`)}`;
  const token = hex(`award:${cnId}`);
  const awardId = `${cnId}-${token}`;
  const overseas = overrides.supplierAbn === null || (overrides.supplierAbn === undefined && i % 7 === 3);
  const foreign = OVERSEAS[i % OVERSEAS.length]!;
  const supplierName = overrides.supplierName ?? (overseas ? foreign.name : `${SUPPLIER_WORDS[i % SUPPLIER_WORDS.length]} ${SUPPLIER_TRADES[i % SUPPLIER_TRADES.length]} Pty Ltd`);
  const supplierId = overseas ? `EXEMPTUUID-${hex(`supplier:${supplierName}`).toUpperCase()}` : hex(`supplier:${supplierName}`);
  const supplierAbn = overrides.supplierAbn === undefined ? (overseas ? null : abnFor(200_000 + i * 13)) : overrides.supplierAbn;
  const [description, unspsc] = DESCRIPTIONS[i % DESCRIPTIONS.length]!;
  const date = overrides.date ?? new Date(Date.UTC(2025, 5, 1 + (i % 28), 8, 27, i % 60)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const startDay = overrides.startDay ?? dayPlus('2025-05-01', i % 30);
  const endDay = overrides.endDay ?? dayPlus(startDay, 30 + (i % 365));
  const amount = overrides.amount === undefined ? (10_000 + ((i * 7919) % 990_000) + (i % 100) / 100).toFixed(2) : overrides.amount;
  const contract: Record<string, unknown> = {
    id: cnId,
    awardID: awardId,
    dateSigned: date,
    description: overrides.description ?? description,
    title: String(4_600_000_000 + i).padStart(10, '0'),
    items: [{ id: `${unspsc}-${token}`, classification: { scheme: 'UNSPSC', id: unspsc } }],
    period: { startDate: canberraMidnight(startDay), endDate: canberraMidnight(endDay) },
    ...(amount === null ? {} : { value: { currency: overrides.currency ?? 'AUD', amount } }),
    status: 'active',
    ...(amendment > 0 ? { amendments: [{ id: `${cnId}-A${amendment}`, releaseID: releaseId, amendsReleaseID: originalReleaseId }] } : {}),
  };
  const release: Record<string, unknown> = {
    ocid,
    id: releaseId,
    date,
    initiationType: 'tender',
    language: 'EN',
    parties: [
      {
        id: supplierId,
        name: supplierName,
        ...(supplierAbn === null ? {} : { additionalIdentifiers: [{ id: supplierAbn, scheme: 'AU-ABN' }] }),
        address: overseas
          ? { streetAddress: '', locality: foreign.locality, region: 'Outside Australia', postalCode: foreign.postalCode, countryName: foreign.countryName }
          : { streetAddress: '', locality: 'Canberra', region: 'ACT', postalCode: '2600', countryName: 'AUSTRALIA' },
        contactPoint: { name: 'CONTRACTS OFFICER', email: '', telephone: '02 6261 1111', branch: 'Procurement Branch', division: 'FINANCE DIVISION' },
        roles: ['supplier'],
      },
      {
        id: hex(`agency:${overrides.agency ?? agency.name}`),
        name: overrides.agency ?? agency.name,
        roles: ['procuringEntity'],
        additionalIdentifiers: [{ id: overrides.agencyAbn ?? agency.abn, scheme: 'AU-ABN' }],
        address: {},
        contactPoint: { email: 'tenders@finance.gov.au' },
      },
    ],
    awards: [{ id: awardId, suppliers: [{ id: supplierId, name: supplierName }], status: 'active', date }],
    contracts: [contract],
    tag: [amendment > 0 ? 'contractAmendment' : 'contract'],
    tender: {
      id: ocid,
      procurementMethod: i % 3 === 0 ? 'limited' : 'open',
      procurementMethodDetails: i % 3 === 0 ? 'Limited tender' : 'Open tender',
      ...(i % 3 === 0 ? { limitedTenderExempt: '1' } : {}),
    },
  };
  return { ...release, ...overrides.extra };
}

export type MalformedKind = 'no-contracts' | 'no-id' | 'contract-without-id' | 'bad-amount' | 'not-an-object';

/** A release a loader must report rather than store (or, for `bad-amount`, store without a value). */
export function malformedRelease(kind: MalformedKind, i = 9_000): unknown {
  const release = austenderRelease(i);
  switch (kind) {
    case 'no-contracts': {
      const { contracts: _contracts, ...rest } = release;
      return rest;
    }
    case 'no-id': {
      const { id: _id, ...rest } = release;
      return rest;
    }
    case 'contract-without-id':
      return { ...release, contracts: [{ description: 'Nameless', value: { currency: 'AUD', amount: '10.00' } }] };
    case 'bad-amount':
      return austenderRelease(i, { amount: 'TBA' });
    case 'not-an-object':
      return 'CN0000000';
  }
}

/** A release package as the API answers one `findByDates` page. */
export function austenderPackage(releases: unknown[], links: { next?: string; self?: string } = {}, uri = 'https://api.tenders.gov.au/ocds/findByDates/contractPublished/2025-06-01T00:00:00Z/2025-06-30T23:59:59Z') {
  return {
    uri,
    publisher: { name: 'Department of Finance' },
    publishedDate: '2025-06-30T23:45:04Z',
    license: 'https://creativecommons.org/licenses/by/3.0/au/',
    version: '1.1',
    releases,
    extensions: ['http://cdn.tenders.gov.au/ocds/schema/extension.json'],
    links: { self: links.self ?? uri, ...(links.next === undefined ? {} : { next: links.next }) },
  };
}

/** Writes one package, pretty-printed with tabs as the API's captures are (or NDJSON: one line per package in `pages`). */
export async function writeAustenderPackage(path: string, releases: unknown[], options: { next?: string; compact?: boolean } = {}): Promise<void> {
  const pkg = austenderPackage(releases, { next: options.next });
  await writeFile(path, options.compact ? `${JSON.stringify(pkg)}\n` : `${JSON.stringify(pkg, null, '\t')}\n`);
}

/** Writes NDJSON of packages, one per line, as the fetcher does. */
export async function writeAustenderNdjson(path: string, pages: unknown[][]): Promise<void> {
  await writeFile(path, pages.map((releases) => JSON.stringify(austenderPackage(releases))).join('\n') + '\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const [path, count = '100'] = args.filter((a) => !a.startsWith('--'));
  if (!path) {
    process.stderr.write('usage: npx tsx scripts/register-fixtures/austender.ts <out.json> [releases=100] [--ndjson] [--malformed]\n');
    process.exit(2);
  }
  const releases: unknown[] = Array.from({ length: Number(count) }, (_, i) => austenderRelease(i));
  if (args.includes('--malformed')) releases.push(malformedRelease('no-contracts'), malformedRelease('no-id'), malformedRelease('bad-amount'));
  const pages = args.includes('--ndjson') ? Array.from({ length: Math.ceil(releases.length / 100) }, (_, p) => releases.slice(p * 100, p * 100 + 100)) : null;
  void (pages ? writeAustenderNdjson(path, pages) : writeAustenderPackage(path, releases)).then(() => process.stdout.write(`wrote ${releases.length} releases to ${path}\n`));
}
