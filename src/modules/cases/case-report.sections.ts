/**
 * The sections of a case report, top to bottom: title, case details, scan summary, risk factors and
 * recommendation, matches with their explanations, the audit log oldest first, and how to verify the
 * report. Pure layout: it fills a {@link PageLayout}; drawing and page furniture live in case-report.pdf.ts.
 */
import type { AuditChainVerdict } from './audit-chain';
import type { CaseReportView } from './case-report.view';
import { decisionLabel, eventDetails, eventLabel, formatScore, titleCase, utcTimestamp } from './case-report.text';
import { lineHeight, type Cell, type PageLayout, type TextStyle } from './pdf-page-layout';
import { needsTransliteration } from './pdf-text';

const INK = '#1a1a1a';
const MUTED = '#5a5a5a';
const ACCENT = '#1f3a5f';
const ALERT = '#a61b1b';
export const RULE = '#c8c8c8';

export const STYLES = {
  title: { font: 'Helvetica-Bold', size: 18, color: ACCENT },
  subtitle: { font: 'Helvetica', size: 9, color: MUTED },
  heading: { font: 'Helvetica-Bold', size: 12, color: ACCENT },
  label: { font: 'Helvetica-Bold', size: 9, color: MUTED },
  body: { font: 'Helvetica', size: 9, color: INK },
  strong: { font: 'Helvetica-Bold', size: 10, color: INK },
  alert: { font: 'Helvetica-Bold', size: 9, color: ALERT },
  tableHead: { font: 'Helvetica-Bold', size: 8, color: MUTED },
  table: { font: 'Helvetica', size: 8.5, color: INK },
  tableLabel: { font: 'Helvetica-Bold', size: 8.5, color: MUTED },
} satisfies Record<string, TextStyle>;

const LABEL_WIDTH = 110;
/** Audit-log columns, from the frame's left edge: #, time, event, actor; details sit under event+actor. */
const LOG = { seq: 0, time: 24, event: 136, actor: 226, detailLabel: 136, detailText: 226 };

export function layOutCaseReport(view: CaseReportView, chain: AuditChainVerdict, layout: PageLayout): void {
  const width = layout.frame.width;
  const cell = (text: string, x: number, w: number, style: TextStyle, align?: 'right'): Cell => ({ text, x, width: w, style, align });
  const field = (label: string, value: string, style: TextStyle = STYLES.body) =>
    layout.row({ cells: [cell(label, 0, LABEL_WIDTH - 8, STYLES.label), cell(value, LABEL_WIDTH, width - LABEL_WIDTH, style)], gapAfter: 3 });
  /** A heading never ends a page: it stays with at least `keepLines` lines of what follows it. */
  const heading = (text: string, keepLines = 4) => {
    layout.space(10);
    layout.keepSpace(lineHeight(STYLES.heading) + 8 + keepLines * lineHeight(STYLES.body));
    layout.row({ cells: [cell(text, 0, width, STYLES.heading)], gapAfter: 2 });
    layout.rule(RULE, 6);
  };
  const paragraph = (text: string, style: TextStyle = STYLES.body) => layout.row({ cells: [cell(text, 0, width, style)], gapAfter: 4 });
  const { case: c, scan_summary: scan } = view;

  layout.row({ cells: [cell('Compliance case report', 0, width, STYLES.title)], gapAfter: 2 });
  paragraph(`Case ${c.case_id} · generated ${utcTimestamp(view.generated_at)}`, STYLES.subtitle);

  heading('Case details');
  field('Case ID', c.case_id);
  field('Scan ID', c.scan_id);
  field('Reviewer', c.reviewer);
  field('Current decision', decisionLabel(c.decision), STYLES.strong);
  field('Decision notes', c.decision_notes?.trim() ? c.decision_notes : 'None');
  field('Opened', utcTimestamp(c.created_at));
  field('Last updated', utcTimestamp(c.updated_at));
  const events = `${view.audit_log.length} event${view.audit_log.length === 1 ? '' : 's'}`;
  if (chain.valid) field('Audit chain', `Verified: ${events}, every hash recomputes and links to the one before.`);
  else field('Audit chain', `INVALID (${events}): ${chain.problems.join('; ')}.`, STYLES.alert);

  heading('Scan summary');
  field('Entity name', scan.entity_name, STYLES.strong);
  if (needsTransliteration(scan.entity_name)) {
    field('', 'Printed in Latin letters; the exact name is in the case record (report.json).', STYLES.subtitle);
  }
  field('Entity type', titleCase(scan.entity_type));
  const risk = `${titleCase(scan.risk_level)} (risk score ${scan.risk_score} of 100)`;
  field('Risk level', risk, ['high', 'critical'].includes(scan.risk_level) ? STYLES.alert : STYLES.strong);
  field('Match count', String(scan.match_count));
  field('Scanned at', utcTimestamp(scan.scanned_at));

  heading('Risk factors and recommendation');
  if (view.risk_factors.length === 0) paragraph('No risk factors recorded.');
  for (const factor of view.risk_factors) layout.row({ cells: [cell('•', 4, 8, STYLES.body), cell(factor, 14, width - 14, STYLES.body)], gapAfter: 2 });
  layout.space(4);
  field('Recommendation', view.recommendation);

  heading(`Matches (${view.matches.length})`, 8);
  if (view.matches.length === 0) paragraph('The scan found no matches.');
  view.matches.forEach((m, i) => {
    const detail = (label: string, text: string) => ({
      cells: [cell(label, 14, LABEL_WIDTH - 22, STYLES.tableLabel), cell(text, LABEL_WIDTH, width - LABEL_WIDTH, STYLES.table)],
      gapAfter: 2,
    });
    const list = (values: string[]) => (values.length > 0 ? values.join('; ') : 'Not listed');
    layout.block([
      {
        cells: [
          cell(`${i + 1}.`, 0, 14, STYLES.strong),
          cell(m.matched_name, 14, width - 144, STYLES.strong),
          cell(`score ${formatScore(m.score)} · ${m.match_kind}`, width - 120, 120, STYLES.body, 'right'),
        ],
        gapAfter: 3,
      },
      ...(needsTransliteration(m.matched_name) || needsTransliteration(m.primary_name)
        ? [detail('Script', 'Names printed in Latin letters; the exact names are in the case record (report.json).')]
        : []),
      detail('Listed as', m.primary_name),
      detail('List', `${m.source.toUpperCase()} · ${m.list_kind} · entry ${m.listed_entity_id}`),
      detail('Programmes', list(m.programmes)),
      detail('Dates of birth', list(m.dates_of_birth)),
      detail('Nationalities', list(m.nationalities)),
      { ...detail('Why it matched', m.explanation), gapAfter: 8 },
    ]);
  });

  heading(`Audit log (${events}, oldest first)`, 6);
  const head = (text: string, x: number, w: number) => cell(text, x, w, STYLES.tableHead);
  const columnHeadings = () => {
    layout.row({
      cells: [head('#', LOG.seq, 22), head('Time (UTC)', LOG.time, 110), head('Event', LOG.event, 86), head('Actor', LOG.actor, width - LOG.actor)],
      gapAfter: 2,
    });
    layout.rule(RULE, 4);
  };
  columnHeadings();
  layout.repeatOnNewPage(columnHeadings);
  for (const event of [...view.audit_log].sort((a, b) => a.sequence - b.sequence)) {
    layout.block([
      {
        cells: [
          cell(String(event.sequence), LOG.seq, 22, STYLES.table),
          cell(utcTimestamp(event.created_at, ''), LOG.time, 110, STYLES.table),
          cell(eventLabel(event.event_type), LOG.event, 86, STYLES.tableLabel),
          cell(event.actor, LOG.actor, width - LOG.actor, STYLES.table),
        ],
        gapAfter: 2,
      },
      ...eventDetails(event).map(({ label, text }) => ({
        cells: [cell(label, LOG.detailLabel, LOG.detailText - LOG.detailLabel - 4, STYLES.tableLabel), cell(text, LOG.detailText, width - LOG.detailText, STYLES.table)],
        gapAfter: 2,
      })),
    ]);
    layout.space(2);
    layout.rule('#e4e4e4', 4);
  }

  layout.repeatOnNewPage(null);

  heading('How to verify this report');
  paragraph(
    'The integrity hash in every page footer is the SHA-256 of the canonical JSON of this case: the case details, ' +
      'the scan summary, the risk factors and recommendation, the matches (without their explanation text) and every ' +
      'audit event with its chain hashes. The service returns that JSON at ' +
      `GET /v1/cases/${c.case_id}/report.json. Canonical JSON has object keys sorted at every level and no whitespace; ` +
      'hash its UTF-8 bytes with SHA-256 and compare the hex digest with the footer.',
  );
  paragraph(
    "Each audit event stores a SHA-256 over its own content and the previous event's hash, so an edited, removed or " +
      'reordered event no longer links to the one before it. When producing this report the service checked the chain, ' +
      "its anchors under a key kept outside the database, and that the case details above are what the log records: the " +
      'account, scan and reviewer its first event committed to, and the latest decision, its notes and the rulings it made.',
  );
}
