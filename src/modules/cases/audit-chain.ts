/**
 * The tamper-evident audit log of a case. Each event stores a SHA-256 over its own content and the
 * previous event's hash, so editing, removing, inserting or reordering an event breaks the chain at that
 * point, and anyone holding the events can check it with canonical JSON and SHA-256 alone
 * (docs/case-reports.md). The database also refuses UPDATE and DELETE on audit rows; the chain is what
 * makes a change made around that (a restored backup, a superuser) visible.
 */
import { canonicalJson, sha256 } from '../../integrity/canonical-json';

/** What an event says, exactly as stored; `created_at` is ISO 8601 with milliseconds ("…T10:00:00.000Z"). */
export interface AuditEventContent {
  case_id: string;
  /** 1-based position in the case's log. */
  sequence: number;
  event_type: string;
  actor: string;
  event_data: Record<string, unknown> | null;
  created_at: string;
  /** The authenticated OAuth client that caused the event (null for events recorded before clients were). */
  client_id?: string | null;
}

export interface StoredAuditEvent extends AuditEventContent {
  hash: string;
  /** The hash of event `sequence - 1`; {@link GENESIS_PREVIOUS_HASH} for the first event. */
  previous_hash: string | null;
  /** HMAC of the event under the anchor key (audit-anchor.ts); not part of the hashed content. */
  anchor?: string | null;
}

/** The first event of a case links to nothing: its `previous_hash` is null. */
export const GENESIS_PREVIOUS_HASH = null;

export interface AuditChainVerdict {
  valid: boolean;
  /** One readable sentence per problem, naming the event by its sequence; empty when valid. */
  problems: string[];
  /** The problem (also in `problems`) that the last event is not the case's recorded head: events cut off the end. */
  headProblem: string | null;
}

/**
 * The one list of what an event's hash covers: its content plus `previous_hash`, picked by name, so a
 * stored event (which also carries `hash` and `anchor`) or an ORM row with extra properties hashes the
 * same as the bare content. `client_id` is hashed when the event has one (events from before it was
 * recorded hash as they always did). The seal and the verifier both build the hashed object here, so a
 * field can never be covered by one and not by the other.
 */
export function hashedAuditContent(content: AuditEventContent, previousHash: string | null) {
  return {
    case_id: content.case_id,
    sequence: content.sequence,
    event_type: content.event_type,
    actor: content.actor,
    event_data: content.event_data,
    created_at: content.created_at,
    ...(content.client_id ? { client_id: content.client_id } : {}),
    previous_hash: previousHash,
  };
}

/** SHA-256 hex of the canonical JSON of {@link hashedAuditContent}. */
export function auditEventHash(content: AuditEventContent, previousHash: string | null): string {
  return sha256(canonicalJson(hashedAuditContent(content, previousHash)));
}

/**
 * The event to store when appending `content` after `previous` (null for the first event): exactly the
 * hashed content plus its hash. Throws when the sequence or case does not follow on: that is a bug in
 * the caller, not a chain to record. Appends to one case must be serialised (lock the case row) so two
 * writers cannot both take sequence n.
 */
export function sealAuditEvent(content: AuditEventContent, previous: StoredAuditEvent | null): StoredAuditEvent {
  const expectedSequence = (previous?.sequence ?? 0) + 1;
  if (content.sequence !== expectedSequence) {
    throw new Error(`Audit event sequence ${content.sequence} does not follow ${previous?.sequence ?? 'the start'}`);
  }
  if (previous && previous.case_id !== content.case_id) {
    throw new Error(`Audit event of case ${content.case_id} cannot follow an event of case ${previous.case_id}`);
  }
  const hashed = hashedAuditContent(content, previous ? previous.hash : GENESIS_PREVIOUS_HASH);
  return { ...hashed, hash: sha256(canonicalJson(hashed)) };
}

/**
 * Checks a case's events in the order given (the caller reads them ordered by sequence): sequences run
 * 1..n without gaps, each `previous_hash` is the prior event's hash (null for the first), each hash
 * recomputes from its content, and every event belongs to `caseId`. An empty log is invalid, since every
 * case starts with `case_created`.
 *
 * The chain alone cannot reveal that its newest events were cut off; pass `headHash` (the hash of the
 * last event, recorded on the case row when appending) to detect that too.
 */
export function verifyAuditChain(caseId: string, events: StoredAuditEvent[], options: { headHash?: string } = {}): AuditChainVerdict {
  const problems: string[] = [];
  if (events.length === 0) problems.push('the audit log is empty: every case starts with a case_created event');
  let prior: StoredAuditEvent | undefined;
  for (const event of events) {
    const name = `event ${event.sequence}`;
    if (event.case_id !== caseId) problems.push(`${name}: belongs to case ${event.case_id}, not ${caseId}`);
    const expectedSequence = (prior?.sequence ?? 0) + 1;
    if (event.sequence !== expectedSequence) {
      problems.push(
        prior
          ? `${name}: comes after event ${prior.sequence}, expected event ${expectedSequence} (an event is missing, duplicated or out of order)`
          : `${name}: the log starts here, expected event 1 (earlier events are missing)`,
      );
    }
    if (!prior && event.previous_hash !== GENESIS_PREVIOUS_HASH) {
      problems.push(`${name}: is the first event but links to a previous hash`);
    } else if (prior && event.previous_hash !== prior.hash) {
      problems.push(`${name}: previous_hash does not match the hash of event ${prior.sequence} before it`);
    }
    if (auditEventHash(event, event.previous_hash) !== event.hash) problems.push(`${name}: content does not match its hash`);
    prior = event;
  }
  let headProblem: string | null = null;
  if (options.headHash !== undefined && prior && prior.hash !== options.headHash) {
    headProblem = `event ${prior.sequence}: is the last event but its hash is not the case's recorded head (later events are missing or the log was replaced)`;
    problems.push(headProblem);
  }
  return { valid: problems.length === 0, problems, headProblem };
}
