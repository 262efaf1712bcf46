/**
 * How a case's values read in the report: decisions and event types in words, timestamps in UTC, and an
 * audit event's `event_data` as lines a reviewer can follow. Event data is shown in full, so nothing the
 * log recorded is hidden by the report.
 *
 * `decision_logged` events are read as `{decision, previous_decision, notes}`; `case_created` as
 * `{reviewer, ...}`. Any other key is printed as "key: value".
 */
import type { StoredAuditEvent } from './audit-chain';

const DECISION_LABELS: Record<string, string> = {
  pending: 'Pending',
  true_match: 'True match',
  false_positive: 'False positive',
};

const EVENT_LABELS: Record<string, string> = {
  case_created: 'Case created',
  decision_logged: 'Decision logged',
};

export function decisionLabel(decision: string): string {
  return DECISION_LABELS[decision] ?? decision;
}

export function eventLabel(eventType: string): string {
  return EVENT_LABELS[eventType] ?? eventType;
}

/** "2025-03-04 05:06:07.123 UTC" from an ISO 8601 timestamp; anything unparseable is shown as stored. */
export function utcTimestamp(iso: string, suffix = ' UTC'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toISOString().replace('T', ' ').replace('Z', suffix);
}

export function formatScore(score: number): string {
  return String(Math.round(score * 1000) / 1000);
}

export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export interface EventDetail {
  label: string;
  text: string;
}

/** The lines under an audit event: the decision as "new (previously old)", any notes, then other data. */
export function eventDetails(event: StoredAuditEvent): EventDetail[] {
  const data = { ...(event.event_data ?? {}) };
  const details: EventDetail[] = [];
  if (event.event_type === 'decision_logged') {
    const { decision, previous_decision: previous, notes } = data;
    delete data.decision;
    delete data.previous_decision;
    delete data.notes;
    if (typeof decision === 'string') {
      const before = typeof previous === 'string' ? ` (previously ${decisionLabel(previous)})` : '';
      details.push({ label: 'Decision', text: `${decisionLabel(decision)}${before}` });
    }
    if (typeof notes === 'string' && notes.trim() !== '') details.push({ label: 'Notes', text: notes });
  }
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    details.push({ label: titleCase(key.replace(/_/g, ' ')), text: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  return details;
}
