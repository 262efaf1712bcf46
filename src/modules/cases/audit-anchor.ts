/**
 * Anchoring a case's audit chain to a key that lives outside the database. The chain's SHA-256 hashes
 * are unkeyed: whoever can write the database could edit an event and recompute every hash after it
 * and the case's head. Each event therefore also carries an HMAC of (case, sequence, hash) under
 * AUDIT_ANCHOR_KEY, and the case row an HMAC of its head, so an edit, an insertion or a cut-off tail
 * made without the key no longer verifies. The key is held by the service, not by PostgreSQL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const EVENT_CONTEXT = 'case-audit-anchor/v1/event';
const HEAD_CONTEXT = 'case-audit-anchor/v1/head';

const hmac = (key: Buffer, ...parts: (string | number)[]) => createHmac('sha256', key).update(parts.join('\n')).digest('hex');

/** The anchor of one event: HMAC-SHA256 of its case, sequence and chain hash. */
export function eventAnchor(key: Buffer, event: { case_id: string; sequence: number; hash: string }): string {
  return hmac(key, EVENT_CONTEXT, event.case_id, event.sequence, event.hash);
}

/** The anchor of a case's head: which event is last, and its hash. */
export function headAnchor(key: Buffer, caseId: string, sequence: number, headHash: string): string {
  return hmac(key, HEAD_CONTEXT, caseId, sequence, headHash);
}

const same = (a: string | null | undefined, b: string) => !!a && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** One sentence per event whose anchor does not verify, and one for the head. */
export function anchorProblems(
  key: Buffer,
  caseId: string,
  events: { case_id: string; sequence: number; hash: string; anchor?: string | null }[],
  head: { sequence: number; hash: string; anchor: string | null },
): string[] {
  const problems = events
    .filter((event) => !same(event.anchor, eventAnchor(key, event)))
    .map((event) => `event ${event.sequence}: its anchor does not verify (changed or added without the anchor key)`);
  if (!same(head.anchor, headAnchor(key, caseId, head.sequence, head.hash))) problems.push('the case head: its anchor does not verify (events were cut off or the head was rewritten)');
  return problems;
}
