import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_PREVIOUS_HASH,
  auditEventHash,
  sealAuditEvent,
  verifyAuditChain,
  type StoredAuditEvent,
} from '../../../src/modules/cases/audit-chain';
import { CASE_ID, auditLog, type Ruling } from '../../helpers/case-report-view.factory';

const rulings: Ruling[] = [
  { decision: 'true_match', reviewer: 'first@example.com', notes: 'Date of birth agrees.' },
  { decision: 'false_positive', reviewer: 'second@example.com', notes: 'Passport shows a different person.' },
  { decision: 'true_match', reviewer: 'mlro@example.com', notes: null },
];
/** case_created plus three decisions: events 1 to 4. */
const chain = () => auditLog(rulings);

describe('the audit chain', () => {
  it('verifies a chain sealed event by event', () => {
    expect(verifyAuditChain(CASE_ID, chain())).toEqual({ valid: true, problems: [], headProblem: null });
  });

  it('starts from a null previous hash and links every later event to the one before', () => {
    const events = chain();
    expect(events[0]!.previous_hash).toBe(GENESIS_PREVIOUS_HASH);
    expect(GENESIS_PREVIOUS_HASH).toBeNull();
    for (let i = 1; i < events.length; i++) expect(events[i]!.previous_hash).toBe(events[i - 1]!.hash);
  });

  it('hashes the canonical JSON of the content and previous hash, so anyone can recompute it', () => {
    const content = { case_id: 'c-1', sequence: 1, event_type: 'case_created', actor: 'a@example.com', event_data: { reviewer: 'a@example.com' }, created_at: '2025-01-02T03:04:05.006Z' };
    const text =
      '{"actor":"a@example.com","case_id":"c-1","created_at":"2025-01-02T03:04:05.006Z","event_data":{"reviewer":"a@example.com"},' +
      '"event_type":"case_created","previous_hash":null,"sequence":1}';
    expect(auditEventHash(content, null)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('hashes event data the same whatever its key order (the database may reorder JSON keys)', () => {
    const base = { case_id: 'c-1', sequence: 2, event_type: 'decision_logged', actor: 'a', created_at: '2025-01-02T03:04:05.006Z' };
    const one = auditEventHash({ ...base, event_data: { decision: 'true_match', notes: null, previous_decision: 'pending' } }, 'f'.repeat(64));
    const other = auditEventHash({ ...base, event_data: { previous_decision: 'pending', notes: null, decision: 'true_match' } }, 'f'.repeat(64));
    expect(one).toBe(other);
  });

  it('ignores the stored hash fields when hashing a stored event', () => {
    const event = chain()[1]!;
    expect(auditEventHash(event, event.previous_hash)).toBe(event.hash);
  });

  it('detects an edited event', () => {
    const events = chain();
    events[2] = { ...events[2]!, event_data: { ...events[2]!.event_data, notes: 'Quietly rewritten.' } };
    const verdict = verifyAuditChain(CASE_ID, events);
    expect(verdict.valid).toBe(false);
    expect(verdict.problems).toEqual(['event 3: content does not match its hash']);
  });

  it('detects an edit even when the editor recomputed that event hash', () => {
    const events = chain();
    const edited = { ...events[1]!, actor: 'someone-else@example.com' };
    events[1] = { ...edited, hash: auditEventHash(edited, edited.previous_hash) };
    expect(verifyAuditChain(CASE_ID, events).problems).toEqual(['event 3: previous_hash does not match the hash of event 2 before it']);
  });

  it('detects a removed event', () => {
    const events = chain();
    events.splice(1, 1);
    expect(verifyAuditChain(CASE_ID, events).problems).toEqual([
      'event 3: comes after event 1, expected event 2 (an event is missing, duplicated or out of order)',
      'event 3: previous_hash does not match the hash of event 1 before it',
    ]);
  });

  it('detects a removed first event', () => {
    const events = chain().slice(1);
    expect(verifyAuditChain(CASE_ID, events).problems).toEqual([
      'event 2: the log starts here, expected event 1 (earlier events are missing)',
      'event 2: is the first event but links to a previous hash',
    ]);
  });

  it('detects reordered events', () => {
    const events = chain();
    [events[1], events[2]] = [events[2]!, events[1]!];
    const { valid, problems } = verifyAuditChain(CASE_ID, events);
    expect(valid).toBe(false);
    expect(problems).toContain('event 3: comes after event 1, expected event 2 (an event is missing, duplicated or out of order)');
    expect(problems).toContain('event 2: previous_hash does not match the hash of event 3 before it');
  });

  it('detects reordered events even when their sequence numbers were swapped too', () => {
    const events = chain();
    const [second, third] = [events[1]!, events[2]!];
    events[1] = { ...third, sequence: 2 };
    events[2] = { ...second, sequence: 3 };
    const { problems } = verifyAuditChain(CASE_ID, events);
    expect(problems).toContain('event 2: content does not match its hash');
    expect(problems).toContain('event 3: content does not match its hash');
  });

  it('detects a wrong previous_hash', () => {
    const events = chain();
    const relinked = { ...events[2]!, previous_hash: 'a'.repeat(64) };
    events[2] = { ...relinked, hash: auditEventHash(relinked, relinked.previous_hash) };
    expect(verifyAuditChain(CASE_ID, events).problems).toContain('event 3: previous_hash does not match the hash of event 2 before it');
  });

  it('detects an event of another case', () => {
    const otherCase = '11111111-2222-4333-8444-555555555555';
    const events = chain();
    events[3] = auditLog(rulings, otherCase)[3]!;
    const { problems } = verifyAuditChain(CASE_ID, events);
    expect(problems).toContain(`event 4: belongs to case ${otherCase}, not ${CASE_ID}`);
  });

  it('detects cut-off newest events when given the head hash recorded on the case', () => {
    const events = chain();
    const head = events[events.length - 1]!.hash;
    expect(verifyAuditChain(CASE_ID, events, { headHash: head }).valid).toBe(true);
    const { problems, headProblem } = verifyAuditChain(CASE_ID, events.slice(0, -1), { headHash: head });
    expect(problems).toEqual([
      "event 3: is the last event but its hash is not the case's recorded head (later events are missing or the log was replaced)",
    ]);
    expect(headProblem).toBe(problems[0]);
  });

  it('rejects an empty log, since every case starts with case_created', () => {
    expect(verifyAuditChain(CASE_ID, [])).toEqual({ valid: false, problems: ['the audit log is empty: every case starts with a case_created event'], headProblem: null });
  });

  it('refuses to seal an event that does not follow the previous one', () => {
    const [first] = chain() as [StoredAuditEvent];
    const content = { ...first, sequence: 3, event_type: 'decision_logged' };
    expect(() => sealAuditEvent(content, first)).toThrow('Audit event sequence 3 does not follow 1');
    expect(() => sealAuditEvent({ ...content, sequence: 2, case_id: 'another' }, first)).toThrow('cannot follow an event of case');
  });
});
