import { cleanText } from '../common/clean-text';
import type { ListInput } from '../common/list-input';
import type { ParseEvent, SourceId } from '../listed-entity';
import { mapUnRecord } from './map';
import { childText, readXmlRecords } from '../common/xml-records';

export interface ParseUnOptions {
  source?: SourceId;
}

const RECORDS = new Set(['INDIVIDUAL', 'ENTITY']);

/**
 * Streams the UN Security Council Consolidated List XML (CONSOLIDATED_LIST > INDIVIDUALS/ENTITIES)
 * and yields an entity per INDIVIDUAL and ENTITY record. Records are located for problems by kind,
 * position and reference number, e.g. `INDIVIDUAL[17] (QDi.123) line 4021`.
 */
export async function* parseUnList(input: ListInput, options: ParseUnOptions = {}): AsyncIterable<ParseEvent> {
  const source = options.source ?? 'un';
  const counts: Record<string, number> = {};
  for await (const record of readXmlRecords(input, { source, root: 'CONSOLIDATED_LIST', recordDepth: 3 })) {
    const index = (counts[record.name] = (counts[record.name] ?? 0) + 1);
    const reference = cleanText(childText(record, 'REFERENCE_NUMBER'));
    const location = `${record.name}[${index}]${reference ? ` (${reference})` : ''} line ${record.line}`;
    if (!RECORDS.has(record.name)) {
      yield { problem: { location, message: `unexpected <${record.name}> record` } };
      continue;
    }
    const { entity, problems } = mapUnRecord(record, source);
    for (const message of problems) yield { problem: { location, message } };
    if (entity) yield { entity };
  }
}
