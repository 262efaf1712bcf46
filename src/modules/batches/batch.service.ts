/**
 * Accepting a batch: the plan's size limit, the webhook target policy, then the job row, committed
 * first, and only then the workflow start (`batch-<job_id>`), outside any transaction and with a short
 * deadline. No dual write can leave them disagreeing:
 * - the workflow always finds its committed row (it can no longer run ahead of the commit);
 * - a start that fails withdraws the job (503, nothing accepted) unless the workflow already took it;
 * - a start that never happened (the API died after the commit) is made by the recovery schedule,
 *   with the same workflow id, so a job is never started twice.
 * A reservation that crossed a low-credit threshold is announced after the commit too (never failing
 * the submission).
 */
import { randomUUID } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import { AppError, ServiceUnavailableError, ValidationError } from '../../errors';
import { AccountIdAttribute, JobIdAttribute } from '../../temporal/search-attributes';
import { workflowIds } from '../../temporal/workflow-ids';
import { batchWorkflowInput } from '../../temporal/workflow-inputs';
import type { Caller } from '../identity/caller';
import { checkWebhookUrl, WebhookTargetError } from '../webhooks/target-policy';
import { chargeChecks, refusalBeforeWork } from '../credits/consumption';
import type { BalanceChange } from '../credits/ledger';
import type { LowCreditNotifier } from '../credits/low-credit';
import { batchJobView, findBatchJob, insertBatchJob, recordBatchCharge, withdrawBatchJob, type BatchJobView } from './batch-job.store';
import type { BatchRequest } from './batch-request.schema';
import type { Workflows } from '../../../workflows/definitions';

/** Points where a test injects a delay or a crash, to show the order of commit and start holds. */
export interface BatchSubmissionFaults {
  /** Runs inside the transaction, after the rows are written and before the commit. */
  beforeCommit?: () => Promise<void>;
  /** Runs after the commit and before the workflow start. */
  afterCommit?: () => Promise<void>;
}

export class BatchService {
  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly faults: BatchSubmissionFaults = {},
    private readonly lowCredit?: LowCreditNotifier,
  ) {}

  async submit(em: EntityManager, caller: Caller, request: BatchRequest): Promise<BatchJobView> {
    if (request.entities.length > caller.batchEntities) {
      throw new ValidationError([
        { loc: ['body', 'entities'], msg: `The ${caller.plan} plan allows at most ${caller.batchEntities} entities per batch; got ${request.entities.length}`, type: 'too_big' },
      ]);
    }
    const webhookUrl = request.webhook_url ?? null;
    if (webhookUrl) {
      try {
        await checkWebhookUrl(webhookUrl, this.config.webhooks.allowPrivateTargets);
      } catch (err) {
        if (err instanceof WebhookTargetError) throw new ValidationError([{ loc: ['body', 'webhook_url'], msg: err.message, type: 'webhook_target' }]);
        throw err;
      }
    }
    if (this.config.credits.chargeChecks) {
      // Decided before any work (the job's rows, the reservation): a batch that cannot be paid costs one read.
      const refusal = await refusalBeforeWork(em, caller, request.entities.length);
      if (refusal) throw refusal;
    }
    const jobId = randomUUID();
    const workflowId = workflowIds.batch(jobId);
    const movement = await em.transactional(async (tx): Promise<BalanceChange | null> => {
      await insertBatchJob(tx, { id: jobId, accountId: caller.accountId, clientId: caller.clientId, webhookUrl, workflowId, items: request.entities, createdAt: new Date().toISOString() });
      let reserved: BalanceChange | null = null;
      if (this.config.credits.chargeChecks) {
        // Reserved at submission (402 and no job when they do not cover it); failed items are refunded.
        const charge = await chargeChecks(tx, caller, request.entities.length, { kind: 'batch', jobId });
        await recordBatchCharge(tx, jobId, charge);
        reserved = charge.movement;
      }
      await this.faults.beforeCommit?.();
      return reserved;
    });
    await this.faults.afterCommit?.();
    try {
      await this.startWorkflow(jobId, caller.accountId, request.entities.length, webhookUrl);
    } catch (err) {
      if (await withdrawBatchJob(em.fork(), jobId)) {
        // The reservation committed with the job, withdrawn or not: its crossing is announced either way.
        await this.lowCredit?.afterCommit(em, movement);
        const unavailable = new ServiceUnavailableError('The batch could not be queued because the workflow engine is unavailable; nothing was accepted. Retry shortly.');
        throw Object.assign(unavailable, { cause: err }); // the gRPC text goes to the operator's log, not to the caller
      }
      // The workflow took the job before our start call gave up: it is accepted and running.
    }
    await this.lowCredit?.afterCommit(em, movement);
    return this.get(em, caller, jobId);
  }

  /** Starts `batch-<job_id>` within the configured deadline; an existing run with that id counts as started. */
  private async startWorkflow(jobId: string, accountId: string, totalItems: number, webhookUrl: string | null): Promise<void> {
    try {
      await this.temporal.withDeadline(Date.now() + this.config.batch.startDeadlineMs, () =>
        this.temporal.workflow.start<Workflows['batchScreeningWorkflow']>('batchScreeningWorkflow', {
          taskQueue: this.config.temporal.taskQueue,
          workflowId: workflowIds.batch(jobId),
          args: [batchWorkflowInput(this.config, { jobId, accountId, totalItems })],
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          typedSearchAttributes: [
            { key: AccountIdAttribute, value: accountId },
            { key: JobIdAttribute, value: jobId },
          ],
          memo: { totalItems, webhook: webhookUrl ? 'yes' : 'no' },
        }),
      );
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }

  async get(em: EntityManager, caller: Pick<Caller, 'accountId'>, jobId: string): Promise<BatchJobView> {
    const job = await findBatchJob(em, jobId);
    if (!job || job.account_id !== caller.accountId || job.status === 'withdrawn') throw new AppError(404, 'not_found', 'Batch job not found');
    return batchJobView(em, job);
  }
}
