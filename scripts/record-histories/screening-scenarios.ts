/**
 * Drives the screening side's workflows to an end on the recording stack, the way production starts
 * them: the platform check, a watchlist refresh whose new version sweeps an enrolment into a signed
 * alert, a full re-screen, a batch with its `batch.completed` delivery, a register load, an ABN Lookup and a run of the
 * recovery schedule's workflow. Each waits on an outcome, never on a clock.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeAbrExtract } from '../generate-abr-extract';
import { recoveryInput, refreshInput, sweepSettings } from '../../src/temporal/workflow-inputs';
import { workflowIds } from '../../src/temporal/workflow-ids';
import { fullRescreenWorkflow } from '../../workflows/full-rescreen';
import { platformCheckWorkflow } from '../../workflows/platform-check';
import { registerRefreshWorkflow } from '../../workflows/register-refresh';
import { strandedWorkRecoveryWorkflow } from '../../workflows/stranded-work-recovery';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import { jsonOf } from '../../test/helpers/http';
import { eventually } from '../../test/helpers/https-receiver';
import { writeSimpleCsv } from '../../test/helpers/synthetic-lists';
import type { RecordingStack } from './recording-stack';

const WATCHED = 'Yevgeny Arkadyevich Tumanovsky';

/** An authenticated call to the API as the recording's customer. */
export function apiOf(stack: RecordingStack) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.app.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${stack.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.status === 204 ? null : jsonOf(res);
  };
}

/** `platformCheckWorkflow`, as `/health`'s operators and the setup run it. */
export async function runPlatformCheck(stack: RecordingStack): Promise<void> {
  await stack.temporal.workflow.execute(platformCheckWorkflow, { taskQueue: stack.config.temporal.taskQueue, workflowId: `platform-check-${randomUUID()}` });
}

/** A refresh that adds a watched name: the refresh, its `sweep-…` child and the `monitoring.alert` delivery. */
export async function runWatchlistSweep(stack: RecordingStack): Promise<void> {
  const api = apiOf(stack);
  const source = `opensanctions:rec_${randomUUID().slice(0, 8)}`;
  const refresh = (file: string) =>
    stack.temporal.workflow.execute(watchlistRefreshWorkflow, {
      taskQueue: stack.config.temporal.taskQueue,
      workflowId: workflowIds.pipeline(source),
      args: [refreshInput(stack.config, { source, file })],
    });
  await refresh(writeSimpleCsv([{ id: 'R-1', schema: 'Person', name: 'Someone Entirely Different' }]));
  await stack.app.deps.screening.index.rebuild();
  const scan = await api('POST', '/v1/scans/full', { entity_type: 'person', name: WATCHED, dob: '1961-07-04' });
  const enrolment = await api('POST', '/v1/monitoring', { scan_id: scan.scan_id, entity_name: WATCHED, entity_type: 'person', webhook_url: stack.receiver.url });
  const outcome = await refresh(
    writeSimpleCsv([
      { id: 'R-1', schema: 'Person', name: 'Someone Entirely Different' },
      { id: 'R-2', schema: 'Person', name: 'TUMANOVSKY Yevgeny Arkadyevich', birthDate: '1961-07-04', countries: 'ru' },
    ]),
  );
  if (!outcome.sweep) throw new Error('the new version started no sweep');
  await stack.temporal.workflow.getHandle(outcome.sweep).result();
  await eventually(
    async () => stack.receiver.received.some((r) => JSON.parse(r.rawBody.toString()).data?.enrolment_id === enrolment.enrolment_id),
    60_000,
    'the monitoring alert delivered',
  );
}

/** A two-item batch with a webhook: `batch-<job>` and its `webhook-<event>` delivery. */
export async function runBatch(stack: RecordingStack): Promise<void> {
  const api = apiOf(stack);
  const accepted = await api('POST', '/v1/scans/batch', {
    entities: [
      { entity_type: 'person', name: 'Abdul Kabir Mohammad Jan' },
      { entity_type: 'organisation', name: 'Harbour Logistics Pty Ltd' },
    ],
    webhook_url: stack.receiver.url,
  });
  await stack.temporal.workflow.getHandle(workflowIds.batch(accepted.job_id)).result();
  await eventually(async () => {
    const list = await api('GET', `/v1/webhooks/deliveries?job_id=${accepted.job_id}`);
    return list.deliveries[0]?.status === 'delivered';
  }, 60_000, 'the batch.completed delivery');
}

/** A small ABR extract loaded as a register version. */
export async function runRegisterLoad(stack: RecordingStack): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'record-abr-')), 'extract.xml');
  await writeAbrExtract(file, 20);
  await stack.temporal.workflow.execute(registerRefreshWorkflow, { taskQueue: stack.config.temporal.taskQueue, workflowId: workflowIds.register('abr'), args: [{ source: 'abr', file }] });
}

/** An ABN missing from the extract, asked of the ABN Lookup double through `abn-lookup-<abn>`. */
export async function runAbnLookup(stack: RecordingStack): Promise<void> {
  const abn = '51824753556';
  const res = await fetch(`${stack.app.url}/v1/trust-score/${abn}`);
  if (res.status !== 200) throw new Error(`trust score answered ${res.status}`);
  await stack.temporal.workflow.getHandle(workflowIds.abnLookup(abn)).result();
}

/** One run of the recovery schedule's workflow, counting everything unfinished as stranded. */
export async function runRecovery(stack: RecordingStack): Promise<void> {
  await stack.temporal.workflow.execute(strandedWorkRecoveryWorkflow, {
    taskQueue: stack.config.temporal.taskQueue,
    workflowId: `recovery-${randomUUID()}`,
    args: [{ ...recoveryInput(stack.config), strandedAfterSeconds: 0 }],
  });
}

/** A full re-screen of every enrolment in pages of two: `rescreen-<id>` and its `rescreen-<id>-pages-0` range. */
export async function runFullRescreen(stack: RecordingStack): Promise<void> {
  const rescreenKey = `rescreen-${randomUUID()}`;
  await stack.temporal.workflow.execute(fullRescreenWorkflow, {
    taskQueue: stack.config.temporal.taskQueue,
    workflowId: rescreenKey,
    args: [{ rescreenKey, ...sweepSettings(stack.config), pageSize: 2, parallelPages: 2 }],
  });
}
