import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/integrity/canonical-json';
import { caseIntegrityHash, type CaseReportView } from '../../src/modules/cases/case-integrity';
import { renderCaseReport } from '../../src/modules/cases/case-report.pdf';
import { caseReportView, manyRulings, realisticCaseReportView, type Ruling } from '../helpers/case-report-view.factory';

const dir = mkdtempSync(join(tmpdir(), 'case-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function renderToFile(view: CaseReportView, name: string, hash = caseIntegrityHash(view)): Promise<string> {
  const path = join(dir, `${name}.pdf`);
  const file = createWriteStream(path);
  renderCaseReport(view, hash).pipe(file);
  await once(file, 'finish');
  return path;
}

/** The text of each page, as poppler's pdftotext lays it out. */
function pdfPages(path: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((page) => page.trim() !== '');
}

/** Every word's box and its page's size, from pdftotext -bbox. */
function wordBoxes(path: string) {
  const html = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
  const pages = [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)];
  return pages.flatMap(([, width, height, body]) =>
    [...body!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(([, x0, y0, x1, y1, word]) => ({
      word: word!,
      xMin: Number(x0),
      yMin: Number(y0),
      xMax: Number(x1),
      yMax: Number(y1),
      pageWidth: Number(width),
      pageHeight: Number(height),
    })),
  );
}

/** The hash a reader computes from the view alone: the documented fields, canonical JSON, SHA-256. */
function recomputeHash(view: CaseReportView): string {
  const { case: c, scan_summary: s } = view;
  const document = {
    format: 'case-report-integrity/v1',
    case: { case_id: c.case_id, scan_id: c.scan_id, reviewer: c.reviewer, decision: c.decision, decision_notes: c.decision_notes, created_at: c.created_at, updated_at: c.updated_at },
    scan_summary: { ...s },
    risk_factors: view.risk_factors,
    recommendation: view.recommendation,
    matches: view.matches
      .map(({ explanation: _explanation, ...m }) => ({ ...m, programmes: [...m.programmes].sort(), dates_of_birth: [...m.dates_of_birth].sort(), nationalities: [...m.nationalities].sort() }))
      .sort((a, b) => {
        const [ka, kb] = [[a.source, a.listed_entity_id, a.matched_name].join('\u0000'), [b.source, b.listed_entity_id, b.matched_name].join('\u0000')];
        return ka < kb ? -1 : ka > kb ? 1 : 0;
      }),
    audit_log: view.audit_log.map((e) => ({ ...e })),
  };
  return createHash('sha256').update(canonicalJson(document), 'utf8').digest('hex');
}

const rulings: Ruling[] = [
  { decision: 'true_match', reviewer: 'first.reviewer@example.com.au', notes: 'Date of birth agrees with the DFAT entry.' },
  { decision: 'false_positive', reviewer: 'second.reviewer@example.com.au', notes: 'Certified passport shows a different person.' },
  { decision: 'true_match', reviewer: 'mlro@example.com.au', notes: 'Overruled after the ownership review.' },
];

describe('the case report PDF', () => {
  it('shows the entity, the decisions in order and the integrity hash, which a reader can recompute', async () => {
    const view = caseReportView(rulings);
    const hash = caseIntegrityHash(view);
    expect(recomputeHash(view)).toBe(hash);
    const text = pdfPages(await renderToFile(view, 'simple')).join('\n');

    expect(text).toContain('Compliance case report');
    expect(text).toContain(view.scan_summary.entity_name);
    expect(text).toMatch(/Risk level\s+High \(risk score 68 of 100\)/);
    expect(text).toMatch(/Match count\s+1/);
    const auditLog = text.slice(text.indexOf('Audit log'));
    expect([...auditLog.matchAll(/Decision\s+(True match|False positive|Pending) \(previously (\w[\w ]*?)\)/g)].map((m) => [m[2], m[1]])).toEqual([
      ['Pending', 'True match'],
      ['True match', 'False positive'],
      ['False positive', 'True match'],
    ]);
    expect(auditLog.indexOf('Date of birth agrees')).toBeLessThan(auditLog.indexOf('Certified passport'));
    expect(text).toContain(`Integrity hash (SHA-256): ${hash}`);
  });

  it('puts the hash, the page number and the not-legal-advice line on every page of a 500-event case', async () => {
    const view = caseReportView(manyRulings(499));
    expect(view.audit_log).toHaveLength(500);
    const path = await renderToFile(view, 'five-hundred'); // its speed is measured by `npm run bench:report`

    const pages = pdfPages(path);
    expect(pages.length).toBeGreaterThan(10);
    pages.forEach((page, i) => {
      expect(page).toContain(`Integrity hash (SHA-256): ${caseIntegrityHash(view)}`);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toMatch(/Generated by automated systems .* Not legal advice/);
    });
    expect(pages.join('\n')).toMatch(/\n500\s+2025-03-04 09:21:03\.000\s+Decision logged\s+reviewer498@example\.com\.au/);
  });

  it('wraps long names, notes and addresses inside the margins of A4', async () => {
    const boxes = wordBoxes(await renderToFile(realisticCaseReportView(), 'realistic'));
    expect(boxes.length).toBeGreaterThan(300);
    for (const box of boxes) {
      expect(box.pageWidth).toBeCloseTo(595.28, 0);
      expect(box.xMin, box.word).toBeGreaterThanOrEqual(49);
      expect(box.xMax, box.word).toBeLessThanOrEqual(595.28 - 49);
      expect(box.yMax, box.word).toBeLessThanOrEqual(box.pageHeight - 20);
    }
  });

  it('prints names outside Latin-1 in Latin letters and says so', async () => {
    const view = realisticCaseReportView();
    const text = pdfPages(await renderToFile(view, 'script')).join('\n');
    expect(view.matches[1]!.matched_name).toBe('Иван Петрович Сидоров');
    expect(text).toMatch(/2\.\s+Ivan Petrovich Sidorov/);
    expect(text).toContain('Names printed in Latin letters');
  });

  it('says so loudly when the audit chain does not verify', async () => {
    const view = caseReportView(rulings);
    view.audit_log[2] = { ...view.audit_log[2]!, actor: 'someone-else@example.com' };
    const text = pdfPages(await renderToFile(view, 'broken')).join('\n');
    expect(text).toMatch(/Audit chain\s+BROKEN \(4 events\): event 3: content does not match its hash/);
  });

  it('streams: the first page is out before the last one is drawn', async () => {
    const view = caseReportView(Array.from({ length: 300 }, () => ({ decision: 'true_match' as const, reviewer: 'r@example.com', notes: null })));
    const doc = renderCaseReport(view, caseIntegrityHash(view));
    let bytes = 0;
    doc.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await new Promise((resolve) => setImmediate(resolve));
    expect(bytes).toBeGreaterThan(0);
    expect(doc.readableEnded).toBe(false);
    await once(doc, 'end');
  });

  it('refuses a hash that is not 64 hex digits', () => {
    expect(() => renderCaseReport(caseReportView(), 'not-a-hash')).toThrow('64 lower-case hex digits');
  });
});
