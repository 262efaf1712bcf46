import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import { testConfig } from '../helpers/test-config';
import { refreshInput } from '../../src/temporal/workflow-inputs';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const FIXTURES = join(__dirname, '..', 'fixtures', 'lists');

describe('watchlist refresh workflow', () => {
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `refresh-${randomUUID()}` });
  const source = `opensanctions:wf_${randomUUID().slice(0, 8)}`; // a source no other test touches
  let worker: TestWorker;
  let connection: Connection;
  let client: Client;

  beforeAll(async () => {
    worker = await startTestWorker(config);
    connection = await Connection.connect({ address: config.temporal.address });
    client = new Client({ connection, namespace: config.temporal.namespace });
  });
  afterAll(async () => {
    await connection?.close();
    await worker?.stop();
  });

  const refresh = (file: string, workflowId = `pipeline-${source}-${randomUUID()}`) =>
    client.workflow.execute(watchlistRefreshWorkflow, { taskQueue: config.temporal.taskQueue, workflowId, args: [refreshInput(config, { source, file })] });
  const db = () => worker.orm.em.fork().getConnection();

  it('stores a new version with counts, then finds an identical file unchanged and creates no version', async () => {
    const file = join(FIXTURES, 'opensanctions', 'ua_war_sanctions-targets.simple.csv');
    const first = await refresh(file, `pipeline-${source}-first`);
    expect(first.outcome).toBe('created');
    expect(first.version?.versionNumber).toBe(1);
    expect(first.version?.entityCount).toBe(19);
    expect(first.version?.changes).toEqual({ added: 19, removed: 0, changed: 0 });

    const second = await refresh(file);
    expect(second.outcome).toBe('unchanged');
    expect(second.version?.versionId).toBe(first.version?.versionId);

    const versions = await db().execute('select version_number, entity_count from list_versions where source = ?', [source]);
    expect(versions).toEqual([{ version_number: 1, entity_count: 19 }]);
    const entities = await db().execute<{ n: number }[]>('select count(*)::int as n from listed_entities where list_version_id = ?', [first.version!.versionId]);
    expect(entities[0]!.n).toBe(19);
    const runs = await db().execute<{ status: string; workflow_id: string }[]>('select status, workflow_id from pipeline_runs where source = ? order by started_at', [source]);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'unchanged']);
    expect(runs[0]!.workflow_id).toBe(`pipeline-${source}-first`);
  });

  it('fails a run on a file of the wrong format without retrying it, and records the failure', async () => {
    const workflowId = `pipeline-${source}-wrong-${randomUUID()}`;
    const wrong = refresh(join(FIXTURES, 'un', 'consolidated.xml'), workflowId);
    const error = await wrong.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const cause = (error as WorkflowFailedError).cause as { cause?: { type?: string; message?: string } };
    expect(cause.cause?.type).toBe('UnexpectedFormat');
    const [run] = await db().execute<{ status: string; detail: { error: string } }[]>('select status, detail from pipeline_runs where workflow_id = ?', [workflowId]);
    expect(run?.status).toBe('failed');
    expect(run?.detail.error).toMatch(/format/i);
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    const attempts = history.events?.filter((e) => e.activityTaskStartedEventAttributes?.attempt).map((e) => Number(e.activityTaskStartedEventAttributes!.attempt)) ?? [];
    expect(Math.max(...attempts)).toBe(1);
  });

  it('fails a run whose file does not exist, without a version', async () => {
    const error = await refresh('/nonexistent/list.csv').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const [count] = await db().execute<{ n: number }[]>('select count(*)::int as n from list_versions where source = ?', [source]);
    expect(count!.n).toBe(1);
  });
});
