import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import { refreshInput } from '../../src/temporal/workflow-inputs';
import { cli } from '../helpers/cli';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { LIST_FIXTURES } from '../helpers/lists';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { testConfig } from '../helpers/test-config';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

interface PepMatch {
  source: string;
  list_kind: string;
  primary_name: string;
  matched_name: string;
  programmes: string[];
  pep?: {
    category: string;
    pep_since: string | null;
    last_position_ended: string | null;
    summary: string;
    positions: { title: string; area: string | null; party: string | null; term: number | null; start_date: string | null; end_date: string | null; kind: string }[];
  };
}

/**
 * The EveryPolitician fixtures (cut from the shared copy) go through the same refresh workflow as the
 * sanctions lists, from a folder, and a person scan of a parliamentarian then shows a domestic PEP
 * match with the positions behind it and a domestic-PEP risk factor.
 */
describe('Australian PEP list through the pipeline and a scan', () => {
  // No list is expected beyond what this file loads, so freshness does not add a "no data" factor
  // (DFAT, UN and OFAC are not loaded here) and the PEP factor can be seen on its own.
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `pep-${randomUUID()}`, PIPELINE_SCHEDULED_SOURCES: '' });
  let worker: TestWorker;
  let app: TestApp;
  let connection: Connection;
  let client: Client;
  let token: string;

  beforeAll(async () => {
    worker = await startTestWorker(config);
    app = await startTestApp(config);
    connection = await Connection.connect({ address: config.temporal.address });
    client = new Client({ connection, namespace: config.temporal.namespace });
    const owner = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, owner);
  });
  afterAll(async () => {
    await connection?.close();
    await app?.close();
    await worker?.stop();
  });

  const refresh = (request: { file?: string }, workflowId = `pipeline-everypolitician-${randomUUID()}`) =>
    client.workflow.execute(watchlistRefreshWorkflow, {
      taskQueue: config.temporal.taskQueue,
      workflowId,
      args: [refreshInput(config, { source: 'everypolitician', ...request })],
    });
  const scan = async (body: object) => {
    const res = await fetch(`${app.url}/v1/scans/full`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return jsonOf(res);
  };

  it('ingests the folder as a pep list version with one person per parliamentarian', async () => {
    const result = await refresh({ file: join(LIST_FIXTURES, 'everypolitician') });
    expect(result.outcome).toBe('created');
    expect(result.version).toMatchObject({ source: 'everypolitician', entityCount: 9, problemCount: 0, counts: { person: 9, organisation: 0, vessel: 0, other: 0 } });
    const [version] = await app.deps.orm.em
      .fork()
      .getConnection()
      .execute<{ list_kind: string; origin: string }[]>('select list_kind, origin from list_versions where id = ?', [result.version!.versionId]);
    expect(version).toEqual({ list_kind: 'pep', origin: `file:${join(LIST_FIXTURES, 'everypolitician')}` });
    await app.deps.screening.index.rebuild();
  });

  it('answers a scan of a parliamentarian with a domestic PEP match showing the positions and since when, and a domestic-PEP risk factor', async () => {
    const body = await scan({ entity_type: 'person', name: 'Barnaby Joyce', country_code: 'AU', risk_profile: { resident_status: 'resident', client_visit_type: 'face_to_face' } });
    expect(body.scan_result.sources_checked).toContain('everypolitician');
    expect(body.scan_result.source_staleness).toBe('fresh');
    const match = (body.scan_result.matches as PepMatch[]).find((m) => m.source === 'everypolitician');
    expect(match, JSON.stringify(body.scan_result.matches)).toBeDefined();
    expect(match).toMatchObject({ list_kind: 'pep', primary_name: 'Barnaby Joyce', programmes: ['House of Representatives', 'Senate'] });
    expect(match!.pep).toMatchObject({ category: 'domestic', pep_since: '2010-08-21', last_position_ended: null });
    expect(match!.pep!.positions.filter((p) => p.kind === 'membership').map((p) => [p.title, p.area, p.term, p.start_date, p.end_date])).toEqual([
      ['Member of the House of Representatives', 'New England', 45, '2017-12-02', null],
      ['Member of the House of Representatives', 'New England', 45, '2016-07-02', '2017-10-27'],
      ['Member of the House of Representatives', 'New England', 44, '2013-09-07', '2016-05-09'],
      ['Senator', 'Queensland', 43, '2010-08-21', '2013-08-08'],
    ]);
    expect(match!.pep!.summary).toMatch(/^Domestic PEP: Member of the House of Representatives \(New England, National Party\)/);
    expect(body.risk_assessment.risk_factors).toContain(
      "Domestic PEP match (Australian federal parliamentarian): 'Barnaby Joyce' on everypolitician (score 1.00); make a risk-based determination, with enhanced CDD if the risk is high",
    );
    expect(body.risk_assessment).toMatchObject({ risk_level: 'medium', risk_score: 30 });
    expect(body.risk_assessment.recommendation).toMatch(/^Domestic politically exposed person: confirm the match, then make and record a risk-based determination/);
    expect(body.metadata.data_sources.join(' ')).toMatch(/EveryPolitician: Australian federal parliamentarians/);
  });

  it('shows a former office holder with the date the last position ended', async () => {
    const body = await scan({ entity_type: 'person', name: 'Alexander Downer', risk_profile: {} });
    const match = (body.scan_result.matches as PepMatch[]).find((m) => m.source === 'everypolitician');
    expect(match?.pep).toMatchObject({ pep_since: '1996-03-11', last_position_ended: '2007-12-03' });
    expect(match?.pep?.positions).toEqual([
      { title: 'Minister for Foreign Affairs', body: null, area: null, party: null, term: null, start_date: '1996-03-11', end_date: '2007-12-03', kind: 'office' },
    ]);
  });

  it('fails a refresh asked to download EveryPolitician, which publishes no file, without retrying', async () => {
    const workflowId = `pipeline-everypolitician-download-${randomUUID()}`;
    const error = await refresh({}, workflowId).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const cause = (error as WorkflowFailedError).cause as { cause?: { type?: string; message?: string } };
    expect(cause.cause?.message).toMatch(/everypolitician has no download: supply its folder/);
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    const attempts = history.events?.filter((e) => e.activityTaskStartedEventAttributes?.attempt).map((e) => Number(e.activityTaskStartedEventAttributes!.attempt)) ?? [];
    expect(Math.max(...attempts)).toBe(1);
  });

  it('has the CLI refuse an EveryPolitician ingest without a folder, before starting anything', async () => {
    const result = await cli('lists', 'ingest', '--source', 'everypolitician');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--source everypolitician needs --file <folder>/);
  });
});
