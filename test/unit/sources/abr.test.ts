import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AbrParseEvent, AbrRecord } from '../../../src/sources/abr/abr-record';
import { parseAbrExtract } from '../../../src/sources/abr/parse';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { writeAbrExtract } from '../../../scripts/generate-abr-extract';

/** The ABR's own sample records of the weekly extract, copied whole by `npx tsx scripts/cut-fixtures.ts registers`. */
const SAMPLE = resolve(__dirname, '../../fixtures/registers/formats/abr-bulk-extract/sample_records.xml');

async function collect(path: string) {
  const events: AbrParseEvent[] = [];
  for await (const event of parseAbrExtract(path)) events.push(event);
  const records = events.flatMap((e) => ('record' in e ? [e.record] : []));
  const problems = events.flatMap((e) => ('problem' in e ? [e.problem] : []));
  const info = events.flatMap((e) => ('info' in e ? [e.info] : []));
  return { records, problems, info, byAbn: new Map<string, AbrRecord>(records.map((r) => [r.abn, r])) };
}

describe('parseAbrExtract', () => {
  it('reads the real sample records of the weekly extract', async () => {
    const { records, problems, info, byAbn } = await collect(SAMPLE);
    expect(problems).toEqual([]);
    expect(info).toEqual([{ fileSequenceNumber: 1, recordCount: 9, extractTime: '2026-05-06T12:23:33' }]);
    expect(records).toHaveLength(9);
    expect(byAbn.get('11000000948')).toMatchObject({
      status: 'ACT',
      statusFrom: '1999-11-01',
      entityTypeCode: 'PUB',
      name: 'QBE INSURANCE (INTERNATIONAL) LTD',
      individual: false,
      state: 'NSW',
      postcode: '2000',
      asicNumber: '000000948',
      gstStatus: 'ACT',
      gstFrom: '2000-07-01',
      otherNames: [{ type: 'TRD', name: 'QBE INSURANCE (INTERNATIONAL) LIMITED' }],
      recordLastUpdated: '2018-02-16',
    });
    expect(byAbn.get('11000002568')).toMatchObject({ status: 'CAN', statusFrom: '2019-05-01', gstStatus: 'CAN' });
  });

  it('reads the generated layout: individuals, cancelled ABNs, placeholders, duplicates and escapes, and names bad records', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'abr-')), 'extract.xml');
    await writeAbrExtract(path, 60, { malformed: true });
    const { records, problems, info } = await collect(path);
    expect(info[0]).toMatchObject({ recordCount: 62 });
    expect(records).toHaveLength(60);
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/fails its checksum/), expect.stringMatching(/no main or legal entity name/)]);
    expect(problems[0]!.location).toMatch(/^ABR\[\d+\] line \d+$/);
    const individual = records.find((r) => r.individual)!;
    expect(individual.name).toMatch(/^[A-Z]+( [A-Z]+)? [A-Z']+$/);
    expect(individual.asicNumber).toBeNull();
    expect(records.some((r) => r.name.includes('& SONS'))).toBe(true); // &amp; decoded
    const placeholder = records.find((r) => r.gstStatus === 'NON')!;
    expect(placeholder.gstFrom).toBeNull(); // 19000101 is no date
    expect(records.some((r) => r.state === null && r.postcode === null)).toBe(true);
    const withOthers = records.find((r) => r.otherNames.length > 0)!;
    expect(withOthers.otherNames).toHaveLength(2); // the repeated trading name once, the business name once
    expect(records.filter((r) => r.status === 'CAN').length).toBeGreaterThan(0);
  });

  it('refuses a file that is not a bulk extract before yielding anything', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'abr-')), 'other.xml');
    writeFileSync(path, '<CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>');
    await expect(collect(path)).rejects.toBeInstanceOf(UnexpectedFormatError);
    writeFileSync(path, 'abn,name\n51824753556,ATO\n');
    await expect(collect(path)).rejects.toBeInstanceOf(UnexpectedFormatError);
  });

  it('fails a truncated extract instead of passing it off as whole', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'abr-')), 'cut.xml');
    await writeAbrExtract(path, 10);
    const { readFileSync } = await import('node:fs');
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, -400));
    await expect(collect(path)).rejects.toThrow(/malformed XML/);
  });
});
