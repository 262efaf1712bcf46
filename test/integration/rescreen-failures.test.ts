/**
 * A poison enrolment, one whose re-screen throws every time, in a sweep's page and in a full re-screen's
 * page: the page's first attempts fail as under an outage; from the attempt that passes over, the
 * customer is recorded as failed (counted, with its error) and every other customer of the page is
 * screened. The next pass tries it again. The poison is `enrolUnscreenable`'s: a stored request the scan
 * service refuses on every attempt.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASS_OVER_FROM_ATTEMPT, type EnrolmentFailure } from '../../src/modules/monitoring/enrolment-failures';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { planRescreenPages, rescreenPage } from '../../src/modules/monitoring/rescreen-pages';
import { sweepPage } from '../../src/modules/monitoring/sweep-page';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { createTestClient, type TestClient } from '../helpers/identity';
import { loadFixtureList } from '../helpers/lists';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { enrolUnscreenable } from '../helpers/unscreenable-enrolment';

describe('an enrolment whose re-screen keeps failing', () => {
  let app: TestApp;
  let owner: TestClient;
  const healthy: string[] = [];
  let poison: string;
  const names = ['Aurelio Pennyworth Quasimodo', 'Benedetta Lorrimer Vasquez', 'Cassius Threlkeld Ormsby'];
  const em = () => app.deps.orm.em.fork();
  const db = () => app.deps.orm.em.fork().getConnection();

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    owner = await createTestClient(em(), app.deps.config.auth.encryptionKey, { plan: 'enterprise' });
    for (const name of names) {
      const scan = await app.deps.screening.scans.create(em(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
      healthy.push((await enrol(em(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: null })).enrolment.enrolment_id);
    }
    poison = await enrolUnscreenable(em(), owner);
    // The lists now name every healthy customer: a customer re-screened raises an alert.
    await loadFixtureList(em(), { source: `opensanctions:poison_${randomUUID().slice(0, 8)}`, path: writeSimpleCsv(names.map((name, i) => ({ id: `PSN-${i}`, schema: 'Person', name }))) });
    await app.deps.screening.index.rebuild();
  });
  afterAll(async () => {
    await app?.close();
  });

  const failuresOf = (passKey: string) => db().execute<{ enrolment_id: string; error: string }[]>('select enrolment_id, error from rescreen_failures where pass_key = ?', [passKey]);
  const alertedIn = async (passKey: string) =>
    (await db().execute<{ enrolment_id: string }[]>('select enrolment_id from monitoring_alerts where sweep_key = ?', [passKey])).map((r) => r.enrolment_id).sort();

  it('fails a sweep page’s first attempts, then is recorded as failed while every other customer is screened; the next sweep tries it again', async () => {
    const sweepKey = `poison-sweep-${randomUUID()}`;
    const page = (attempt: number, onFailed?: (f: EnrolmentFailure) => void) =>
      sweepPage(em(), app.deps.screening, { sweepKey, after: null, pageSize: 100, attempt }, () => {}, onFailed);

    await expect(page(1)).rejects.toThrow(/no letters or digits/);
    expect(await failuresOf(sweepKey)).toEqual([]);

    const logged: EnrolmentFailure[] = [];
    const result = await page(PASS_OVER_FROM_ATTEMPT, (f) => logged.push(f));
    expect(result).toMatchObject({ processed: healthy.length, failed: 1, alerts: healthy.length, nextCursor: null });
    expect(await alertedIn(sweepKey)).toEqual([...healthy].sort());
    expect(logged.map((f) => f.enrolmentId)).toEqual([poison]);
    const [recorded] = await failuresOf(sweepKey);
    expect(recorded).toMatchObject({ enrolment_id: poison, error: expect.stringContaining('UnscreenableNameError') });

    // A later attempt of the same page hands back the same counts, recording nothing twice.
    expect(await page(PASS_OVER_FROM_ATTEMPT + 1)).toMatchObject({ processed: healthy.length, failed: 1 });
    expect(await failuresOf(sweepKey)).toHaveLength(1);

    // Nothing marks the enrolment: the next sweep re-screens it, and fails on it again.
    await expect(sweepPage(em(), app.deps.screening, { sweepKey: `poison-next-${randomUUID()}`, after: null, pageSize: 100, attempt: 1 })).rejects.toThrow(/no letters or digits/);
  }, 60_000);

  it('in a full re-screen’s page, is recorded with its chunk and counted on the page, and the page is done', async () => {
    const rescreenKey = `poison-rescreen-${randomUUID()}`;
    await planRescreenPages(em(), { rescreenKey, pageSize: 100 });
    const page = (attempt: number) => rescreenPage(em(), app.deps.screening, { rescreenKey, pageNumber: 0, chunkSize: 2, attempt });

    await expect(page(1)).rejects.toThrow(/no letters or digits/);
    const result = await page(PASS_OVER_FROM_ATTEMPT);
    expect(result).toMatchObject({ processed: healthy.length, failed: 1 });

    const screened = await db().execute<{ enrolment_id: string }[]>('select enrolment_id from rescreen_screenings where rescreen_key = ?', [rescreenKey]);
    expect(screened.map((r) => r.enrolment_id).sort()).toEqual([...healthy].sort());
    expect((await failuresOf(rescreenKey)).map((r) => r.enrolment_id)).toEqual([poison]);
    const [record] = await db().execute<{ status: string; processed: number; failed: number }[]>('select status, processed, failed from rescreen_pages where rescreen_key = ? and page_number = 0', [rescreenKey]);
    expect(record).toEqual({ status: 'done', processed: healthy.length, failed: 1 });
  }, 60_000);
});
