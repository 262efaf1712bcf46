import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AustenderQuerySchema } from '../../../src/modules/registers/austender-query';
import { parseAustenderFile, type AustenderParseEvent } from '../../../src/sources/austender/parse';
import { canberraDay, mapRelease, mapReleaseContracts, parseAmount, type AustenderContract } from '../../../src/sources/austender/release';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import {
  austenderPackage,
  austenderRelease,
  malformedRelease,
  writeAustenderNdjson,
  writeAustenderPackage,
} from '../../../scripts/register-fixtures/austender';

/** A release laid out exactly as the API publishes one (field order, string amount, party ids, extension fields). */
const REAL_SHAPE = {
  ocid: 'prod-538a2b76057c4ceb835c9fa989056b98',
  id: 'prod-538a2b76057c4ceb835c9fa989056b98-6469ecac884f3aefacbd2830332ba26f',
  date: '2025-06-20T08:27:34Z',
  initiationType: 'tender',
  language: 'EN',
  parties: [
    {
      id: '3bfec5f8f8a24dec88fc5594fb3da009',
      name: 'Example Cyber Pty Ltd',
      additionalIdentifiers: [{ id: '90629363328', scheme: 'AU-ABN' }],
      address: { streetAddress: '', locality: 'Melbourne', region: 'VIC', postalCode: '3000', countryName: 'AUSTRALIA' },
      contactPoint: { name: 'CONTRACTS OFFICER', email: '', telephone: '02 6261 1111', branch: 'Budget and Policy Branch', division: 'FINANCE DIVISION' },
      roles: ['supplier'],
    },
    {
      id: '0eca64a1a9598906e1643767589ebde7',
      name: 'Department of Foreign Affairs and Trade',
      roles: ['procuringEntity'],
      additionalIdentifiers: [{ id: '47065634525', scheme: 'AU-ABN' }],
      address: {},
      contactPoint: { email: 'tenders@finance.gov.au' },
    },
  ],
  awards: [
    {
      id: 'CN4161551-723a7577696140319533ef878eb14696',
      suppliers: [{ id: '3bfec5f8f8a24dec88fc5594fb3da009', name: 'Example Cyber Pty Ltd' }],
      status: 'active',
      date: '2025-06-20T08:27:34Z',
    },
  ],
  contracts: [
    {
      id: 'CN4161551',
      awardID: 'CN4161551-723a7577696140319533ef878eb14696',
      dateSigned: '2025-06-20T08:27:34Z',
      description: 'Temporary Personnel Services',
      title: '4600022869',
      items: [{ id: '80111600-723a7577696140319533ef878eb14696', classification: { scheme: 'UNSPSC', id: '80111600' } }],
      period: { startDate: '2025-05-01T14:00:00Z', endDate: '2025-06-29T14:00:00Z' },
      value: { currency: 'AUD', amount: '346856.40' },
      status: 'active',
    },
  ],
  tag: ['contract'],
  tender: { id: 'prod-538a2b76057c4ceb835c9fa989056b98', procurementMethod: 'open', procurementMethodDetails: 'Open tender' },
};

const tmp = () => mkdtempSync(join(tmpdir(), 'austender-unit-'));

function contractOf(release: unknown): AustenderContract {
  const mapped = mapRelease(release);
  if ('problem' in mapped) throw new Error(mapped.problem);
  return mapped;
}

async function collect(path: string) {
  const events: AustenderParseEvent[] = [];
  for await (const event of parseAustenderFile(path)) events.push(event);
  return {
    contracts: events.flatMap((e) => ('contract' in e ? [e.contract] : [])),
    problems: events.flatMap((e) => ('problem' in e ? [e.problem] : [])),
  };
}

describe('mapRelease', () => {
  it('reads a release in the API’s layout: agency from procuringEntity, supplier and ABN through the award, string amount, Canberra dates', () => {
    const contract = contractOf(REAL_SHAPE);
    expect(contract).toMatchObject({
      releaseId: REAL_SHAPE.id,
      cnId: 'CN4161551',
      agency: 'Department of Foreign Affairs and Trade',
      supplierName: 'Example Cyber Pty Ltd',
      // the supplier's ABN, not the agency's (both are AU-ABN additionalIdentifiers)
      supplierAbn: '90629363328',
      // the description is the notice's title; `title` is the agency's reference number
      title: 'Temporary Personnel Services',
      valueAud: 346856.4,
      publishedAt: '2025-06-20T08:27:34.000Z',
      // 14:00Z is midnight AEST the next day
      startDate: '2025-05-02',
      endDate: '2025-06-30',
    });
    expect(contract.release).toBe(REAL_SHAPE);
  });

  it('accepts amounts as numbers or numeric strings and reports an unreadable one without dropping the notice', () => {
    expect(parseAmount(1250000)).toBe(1250000);
    expect(parseAmount('13980.88')).toBe(13980.88);
    expect(parseAmount('1,250,000.50')).toBe(1250000.5);
    expect(parseAmount(' 42 ')).toBe(42);
    expect(parseAmount(null)).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('TBA')).toBe('unreadable');
    expect(parseAmount('1.2.3')).toBe('unreadable');
    expect(contractOf(austenderRelease(1, { amount: 75000 })).valueAud).toBe(75000);
    expect(contractOf(austenderRelease(1, { amount: null })).valueAud).toBeNull();

    const mapped = mapReleaseContracts(malformedRelease('bad-amount'));
    if ('problem' in mapped) throw new Error(mapped.problem);
    expect(mapped).toHaveLength(1);
    expect(mapped[0]!.contract.valueAud).toBeNull();
    expect(mapped[0]!.warnings).toEqual(['value "TBA" is not a number; stored without a value']);

    const usd = mapReleaseContracts(austenderRelease(1, { currency: 'USD' }));
    if ('problem' in usd) throw new Error(usd.problem);
    expect(usd[0]!.contract.valueAud).toBeNull();
    expect(usd[0]!.warnings[0]).toMatch(/USD/);
  });

  it('answers a problem for a release without contracts, without an id, or that is not an object', () => {
    expect(mapRelease(malformedRelease('no-contracts'))).toEqual({ problem: expect.stringMatching(/has no contracts/) });
    expect(mapRelease({ ...REAL_SHAPE, contracts: [] })).toEqual({ problem: `release ${REAL_SHAPE.id} has no contracts` });
    expect(mapRelease(malformedRelease('no-id'))).toEqual({ problem: 'the release has no id' });
    expect(mapRelease(malformedRelease('contract-without-id'))).toEqual({ problem: expect.stringMatching(/contract 1 has no id/) });
    expect(mapRelease(malformedRelease('not-an-object'))).toEqual({ problem: 'a release is not a JSON object' });
    expect(mapRelease(null)).toEqual({ problem: 'a release is not a JSON object' });
  });

  it('leaves the ABN empty for an overseas supplier and for one that fails its checksum, and reads `identifier` too', () => {
    const overseas = contractOf(austenderRelease(2, { supplierAbn: null }));
    expect(overseas.supplierAbn).toBeNull();
    expect(overseas.supplierName).toBeTruthy();
    expect(contractOf(austenderRelease(2, { supplierAbn: '90629363329' })).supplierAbn).toBeNull();
    expect(contractOf(austenderRelease(2, { supplierAbn: '90 629 363 328' })).supplierAbn).toBe('90629363328');
    const viaIdentifier = structuredClone(REAL_SHAPE) as typeof REAL_SHAPE & { parties: Record<string, unknown>[] };
    const supplier = viaIdentifier.parties[0] as Record<string, unknown>;
    delete supplier.additionalIdentifiers;
    supplier.identifier = { scheme: 'AU-ABN', id: '14007351313' };
    expect(contractOf(viaIdentifier).supplierAbn).toBe('14007351313');
  });

  it('finds the supplier through the contract’s award when the release names several suppliers', () => {
    const release = structuredClone(REAL_SHAPE) as Record<string, unknown> & { parties: unknown[]; awards: unknown[] };
    release.parties.unshift({ id: 'other', name: 'Wrong Supplier Pty Ltd', additionalIdentifiers: [{ id: '74490121060', scheme: 'AU-ABN' }], roles: ['supplier'] });
    release.awards.unshift({ id: 'CN0000001-x', suppliers: [{ id: 'other', name: 'Wrong Supplier Pty Ltd' }] });
    expect(contractOf(release)).toMatchObject({ supplierName: 'Example Cyber Pty Ltd', supplierAbn: '90629363328' });
  });

  it('keeps an amendment as its own release of the same notice, with the amended value', () => {
    const original = contractOf(austenderRelease(5, { amount: '100000.00' }));
    const amended = contractOf(austenderRelease(5, { amount: '150000.00', amendment: 1, date: '2025-09-01T01:00:00Z' }));
    expect(amended.cnId).toBe(original.cnId);
    expect(amended.releaseId).not.toBe(original.releaseId);
    expect(amended.valueAud).toBe(150000);
    expect(amended.release.tag).toEqual(['contractAmendment']);
  });

  it('gives one record per contract, keyed release/contract, when a release has several', () => {
    const release = { ...REAL_SHAPE, contracts: [REAL_SHAPE.contracts[0], { ...REAL_SHAPE.contracts[0], id: 'CN4161552', value: { currency: 'AUD', amount: 10 } }] };
    const mapped = mapReleaseContracts(release);
    if ('problem' in mapped) throw new Error(mapped.problem);
    expect(mapped.map((m) => m.contract.releaseId)).toEqual([`${REAL_SHAPE.id}/CN4161551`, `${REAL_SHAPE.id}/CN4161552`]);
    expect(mapped.map((m) => m.contract.valueAud)).toEqual([346856.4, 10]);
    expect(mapRelease(release)).toEqual({ problem: expect.stringMatching(/2 contracts/) });
  });

  it('takes period dates in Canberra time, bare dates as written', () => {
    expect(canberraDay('2018-02-27T13:00:00Z')).toBe('2018-02-28'); // AEDT
    expect(canberraDay('2017-09-20T14:00:00Z')).toBe('2017-09-21'); // AEST
    expect(canberraDay('2024-12-20')).toBe('2024-12-20');
    expect(canberraDay('soon')).toBeNull();
    expect(canberraDay(undefined)).toBeNull();
  });
});

describe('parseAustenderFile', () => {
  it('reads one pretty-printed package and the same releases as NDJSON pages alike', async () => {
    const dir = tmp();
    const releases = Array.from({ length: 5 }, (_, i) => austenderRelease(i));
    await writeAustenderPackage(join(dir, 'package.json'), releases, { next: 'https://api.tenders.gov.au/ocds/findByDates/contractPublished/a/b?cursor=x' });
    await writeAustenderNdjson(join(dir, 'pages.ndjson'), [releases.slice(0, 2), releases.slice(2)]);
    const pkg = await collect(join(dir, 'package.json'));
    const ndjson = await collect(join(dir, 'pages.ndjson'));
    expect(pkg.problems).toEqual([]);
    expect(ndjson.problems).toEqual([]);
    expect(pkg.contracts).toHaveLength(5);
    expect(ndjson.contracts).toEqual(pkg.contracts);
    expect(pkg.contracts.map((c) => c.cnId)).toEqual(['CN4100000', 'CN4100001', 'CN4100002', 'CN4100003', 'CN4100004']);
  });

  it('reports unreadable releases and lines by location and reads the rest', async () => {
    const dir = tmp();
    const path = join(dir, 'mixed.ndjson');
    const good = JSON.stringify(austenderPackage([austenderRelease(1), malformedRelease('no-contracts'), malformedRelease('bad-amount')]));
    writeFileSync(path, `${good}\n{"releases": [\n\n${JSON.stringify({ hello: 'world' })}\n${JSON.stringify(austenderPackage([austenderRelease(2)]))}\n`);
    const { contracts, problems } = await collect(path);
    expect(contracts.map((c) => c.cnId)).toEqual(['CN4100001', 'CN4109000', 'CN4100002']);
    expect(problems).toEqual([
      { location: expect.stringMatching(/^line 1 releases\[1\] \(prod-/), message: expect.stringMatching(/has no contracts/) },
      { location: expect.stringMatching(/^line 1 releases\[2\] \(prod-.*\) CN4109000$/), message: 'value "TBA" is not a number; stored without a value' },
      { location: 'line 2', message: 'not valid JSON (a truncated page?)' },
      { location: 'line 4', message: 'not an OCDS release package (no releases array)' },
    ]);
  });

  it('throws UnexpectedFormatError for a file that is not OCDS', async () => {
    const dir = tmp();
    const cases: Record<string, string> = {
      'object.json': JSON.stringify({ results: [{ id: 'CN1' }] }, null, 2),
      'line.ndjson': `${JSON.stringify({ message: 'Internal server error' })}\n`,
      'array.json': JSON.stringify([austenderRelease(1)]),
      'page.html': '<!doctype html><html><body>Service unavailable</body></html>\n',
      'empty.json': '',
    };
    for (const [name, content] of Object.entries(cases)) {
      const path = join(dir, name);
      writeFileSync(path, content);
      await expect(collect(path), name).rejects.toBeInstanceOf(UnexpectedFormatError);
    }
  });
});

describe('AustenderQuerySchema (the austender_query job payload)', () => {
  it('applies the defaults and accepts a full query', () => {
    expect(AustenderQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(AustenderQuerySchema.parse({ agency: ' Defence ', from: '2024-02-29', to: '2024-03-31', min_value: 0, max_value: 10, limit: 200, offset: 400 })).toEqual({
      agency: 'Defence',
      from: '2024-02-29',
      to: '2024-03-31',
      min_value: 0,
      max_value: 10,
      limit: 200,
      offset: 400,
    });
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 201 }, 'limit'],
    [{ limit: 1.5 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ from: '2025-02-30' }, 'from'],
    [{ to: '01/07/2025' }, 'to'],
    [{ from: '2025-07-02', to: '2025-07-01' }, 'to'],
    [{ min_value: 10, max_value: 5 }, 'max_value'],
    [{ min_value: -1 }, 'min_value'],
    [{ agency: '   ' }, 'agency'],
  ])('rejects %j at %s', (input, path) => {
    const result = AustenderQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});
