/**
 * Loading an ABN Bulk Extract (an XML file, or a published ZIP part of several) into `abr_entities`:
 * streamed from the file (never held whole), written
 * in batches of upserts inside the load's transaction, each ABN naming the load that last described it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AbrRecord } from '../../sources/abr/abr-record';
import { parseAbrFile } from '../../sources/abr/parse';
import type { RegisterLoadOutcome } from './register-load.store';
import { batchedWriter, storeRegisterFile, type LoadProgress, type RegisterWriter } from './register-file.store';
import { bulkInsert } from '../../db/bulk-insert';

const BATCH = 2_000;

async function upsert(em: EntityManager, loadId: string, records: AbrRecord[]): Promise<void> {
  const rows = records.map((r) => ({
    abn: r.abn,
    status: r.status,
    status_from: r.statusFrom,
    entity_type_code: r.entityTypeCode,
    entity_type_text: r.entityTypeText,
    name: r.name,
    individual: r.individual,
    state: r.state,
    postcode: r.postcode,
    asic_number: r.asicNumber,
    gst_status: r.gstStatus,
    gst_from: r.gstFrom,
    other_names: r.otherNames,
    record_last_updated: r.recordLastUpdated,
  }));
  await bulkInsert(em, 'abr_entities', {
    abn: 'text', status: 'text', status_from: 'date', entity_type_code: 'text', entity_type_text: 'text', name: 'text', individual: 'boolean',
    state: 'text', postcode: 'text', asic_number: 'text', gst_status: 'text', gst_from: 'date', other_names: 'jsonb', record_last_updated: 'date',
  }, rows, {
    same: { load_id: loadId },
    onConflict: { key: ['abn'], replaceTheRest: true },
  });
}

/** Writes an extract's records in batches; heartbeats come from `onProgress` after each batch. */
export const writeAbrExtract: RegisterWriter = batchedWriter({
  source: 'abr',
  parse: parseAbrFile,
  record: (event) => ('record' in event ? event.record : null),
  size: BATCH,
  flush: (tx, loadId, _first, batch) => upsert(tx, loadId, batch),
  requireRecords: false,
});

/** Loads one extract file; `onProgress` gets the records stored so far (the activity heartbeats with it). */
export function storeAbrExtract(
  em: EntityManager,
  input: { path: string; origin: string; workflowId: string | null },
  onProgress: (progress: LoadProgress) => void = () => {},
): Promise<RegisterLoadOutcome> {
  return storeRegisterFile(em, 'abr', writeAbrExtract, input, onProgress);
}
