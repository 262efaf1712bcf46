/**
 * Ids for rows written at a high rate and never updated (scans and their ledger debits) are UUIDv7:
 * time-ordered, so each insert lands on the right-most page of the primary key and PostgreSQL takes its
 * fast path (no descent, one hot page, fewer full-page images after a checkpoint) instead of dirtying a
 * random page of the index per row (docs/performance.md). A UUIDv7 is a UUID like any other to callers;
 * its first 48 bits are the creation time in milliseconds, which the scan already states.
 */
import { v7 } from 'uuid';

export function timeOrderedId(): string {
  return v7();
}
