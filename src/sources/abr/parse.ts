/**
 * Streams an ABN Bulk Extract file (`<Transfer>` > `<TransferInfo>` and many `<ABR>` records; each of
 * the 20 weekly files is about half a gigabyte) and yields one event per record, never holding the file
 * in memory. Records that cannot be used are problems located by position and line, not silent skips.
 */
import { readXmlRecords } from '../common/xml-records';
import { childText } from '../common/xml-records';
import type { ListInput } from '../common/list-input';
import type { AbrParseEvent } from './abr-record';
import { mapAbrRecord } from './map';
import { isZipFile, zipMembers } from '../common/zip-archive';

const numberOrNull = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

export async function* parseAbrExtract(input: ListInput): AsyncIterable<AbrParseEvent> {
  let index = 0;
  for await (const element of readXmlRecords(input, { source: 'abr', root: 'Transfer', recordDepth: 2 })) {
    if (element.name === 'TransferInfo') {
      yield {
        info: {
          fileSequenceNumber: numberOrNull(childText(element, 'FileSequenceNumber')),
          recordCount: numberOrNull(childText(element, 'RecordCount')),
          extractTime: childText(element, 'ExtractTime').trim() || null,
        },
      };
      continue;
    }
    const location = `${element.name}[${++index}] line ${element.line}`;
    if (element.name !== 'ABR') {
      yield { problem: { location, message: `unexpected <${element.name}> element` } };
      continue;
    }
    const mapped = mapAbrRecord(element);
    yield 'record' in mapped ? mapped : { problem: { location, message: mapped.problem } };
  }
}

/**
 * A bulk extract as published: one XML file, or a ZIP part (`public_split_1_10.zip`) holding several
 * `yyyymmddPublicNN.xml` files, each streamed from the archive in turn. Problems name the member.
 */
export async function* parseAbrFile(path: string): AsyncIterable<AbrParseEvent> {
  if (!(await isZipFile(path))) {
    yield* parseAbrExtract(path);
    return;
  }
  for (const member of await zipMembers(path, 'abr', (name) => /\.xml$/i.test(name), 'XML extract file')) {
    for await (const event of parseAbrExtract(member.open())) {
      yield 'problem' in event ? { problem: { ...event.problem, location: `${member.name}: ${event.problem.location}` } } : event;
    }
  }
}
