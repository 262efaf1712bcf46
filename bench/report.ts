/**
 * `npm run bench:report`: how long a case report PDF takes for a case with 500 audit events (issue: the
 * report "stays fast" for such a case). Renders it in process several times, streaming to a file as the
 * endpoint streams to the client, and reports the median and range. Target we hold it to: ≤ 2 s.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caseIntegrityHash } from '../src/modules/cases/case-integrity';
import { renderCaseReport } from '../src/modules/cases/case-report.pdf';
import { caseReportView, manyRulings } from '../test/helpers/case-report-view.factory';

const RUNS = 7;
const TARGET_MS = 2_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const view = caseReportView(manyRulings(499));
  const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  say(`bench:report — case report PDF for a case with ${view.audit_log.length} audit events, ${RUNS} runs (plus one warm-up)`);
  try {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run <= RUNS; run += 1) {
      const path = join(dir, `report-${run}.pdf`);
      const started = performance.now();
      const file = createWriteStream(path);
      renderCaseReport(view, caseIntegrityHash(view)).pipe(file);
      await once(file, 'finish');
      if (run > 0) times.push(performance.now() - started);
      bytes = statSync(path).size;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    say(`  median ${Math.round(median)} ms (min ${Math.round(times[0]!)} ms, max ${Math.round(times.at(-1)!)} ms); ${Math.round(bytes / 1024)} KB`);
    say(`  target ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`bench:report failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
