import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowIds } from '../../src/temporal/workflow-ids';
import { registerRefreshWorkflow } from '../../workflows/register-refresh';
import { writeAbrExtract } from '../../scripts/generate-abr-extract';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('register refreshes on Temporal', () => {
  let app: TestApp;
  let worker: TestWorker;
  const dir = mkdtempSync(join(tmpdir(), 'abr-load-'));
  beforeAll(async () => {
    const config = testConfig({ TEMPORAL_TASK_QUEUE: `registers-${randomUUID()}` });
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
  });

  const refresh = async (file: string) => {
    const workflowId = workflowIds.register('abr');
    const handle = await app.deps.temporal.client.workflow.start(registerRefreshWorkflow, { taskQueue: app.deps.config.temporal.taskQueue, workflowId, args: [{ source: 'abr', file }] });
    return { workflowId, result: handle.result() };
  };
  const db = () => app.deps.orm.em.fork().getConnection();

  it('loads an extract as a version under register-abr-<time>, then finds the same file unchanged and makes no new version', async () => {
    const file = join(dir, 'extract.xml');
    await writeAbrExtract(file, 300, { malformed: true });
    const first = await refresh(file);
    expect(first.workflowId).toMatch(/^register-abr-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    const loaded = await first.result;
    expect(loaded).toMatchObject({ source: 'abr', status: 'succeeded', recordCount: 300, problemCount: 2 });
    const [row] = await db().execute<{ n: number; load_id: string }[]>('select count(*)::int as n, min(load_id::text) as load_id from abr_entities where load_id = ?', [loaded.loadId]);
    expect(row!.n).toBe(300);
    const [load] = await db().execute<{ workflow_id: string; problems: unknown[] }[]>('select workflow_id, problems from register_loads where id = ?', [loaded.loadId]);
    expect(load!.workflow_id).toBe(first.workflowId);
    expect(load!.problems).toHaveLength(2);

    const again = await (await refresh(file)).result;
    expect(again).toMatchObject({ status: 'unchanged', versionNumber: null });
    const [versions] = await db().execute<{ n: number }[]>(`select count(*)::int as n from register_loads where source = 'abr' and status = 'succeeded' and content_sha256 = ?`, [loaded.contentSha256]);
    expect(versions!.n).toBe(1);
  });

  it('fails a truncated extract without changing what is loaded, and records the failure', async () => {
    const file = join(dir, 'cut.xml');
    await writeAbrExtract(file, 3_000);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/<ABR [^\n]*\n?$/m, '').slice(0, -5_000)); // breaks after a batch was written
    const before = await db().execute<{ n: number }[]>('select count(*)::int as n from abr_entities');
    const run = await refresh(file);
    await expect(run.result).rejects.toBeInstanceOf(WorkflowFailedError);
    const after = await db().execute<{ n: number }[]>('select count(*)::int as n from abr_entities');
    expect(after[0]!.n).toBe(before[0]!.n); // one transaction: nothing of the broken file stays
    const [load] = await db().execute<{ status: string }[]>('select status from register_loads where workflow_id = ? order by started_at desc limit 1', [run.workflowId]);
    expect(load!.status).toBe('failed');
  });
});
