/**
 * Accepting a batch: the plan's size limit, the webhook target policy, then the job row and the
 * workflow start as one unit. The row is written in a transaction that commits only once Temporal has
 * accepted the workflow, so there is never a job without a workflow; a workflow whose job row never
 * committed finds no job and ends without screening (see the batch workflow).
 */
import { randomUUID } from 'node:crypto';
import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import { AppError, ServiceUnavailableError, ValidationError } from '../../errors';
import { AccountIdAttribute, JobIdAttribute } from '../../temporal/search-attributes';
import { workflowIds } from '../../temporal/workflow-ids';
import { webhookPolicy } from '../../temporal/workflow-inputs';
import type { Caller } from '../identity/caller';
import { checkWebhookUrl, WebhookTargetError } from '../webhooks/target-policy';
import type { BatchScreeningInput } from '../../../workflows/batch-screening';
import { batchJobView, findBatchJob, insertBatchJob, type BatchJobView } from './batch-jobs';
import type { BatchRequest } from './batch-request.schema';

export class BatchService {
  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
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
    const jobId = randomUUID();
    const workflowId = workflowIds.batch(jobId);
    await em.transactional(async (tx) => {
      await insertBatchJob(tx, { id: jobId, accountId: caller.accountId, clientId: caller.clientId, webhookUrl, workflowId, items: request.entities, createdAt: new Date().toISOString() });
      const input: BatchScreeningInput = {
        jobId,
        accountId: caller.accountId,
        totalItems: request.entities.length,
        concurrency: this.config.batch.concurrency,
        chunkSize: this.config.batch.chunkSize,
        webhookPolicy: webhookPolicy(this.config),
      };
      try {
        await this.temporal.workflow.start('batchScreeningWorkflow', {
          taskQueue: this.config.temporal.taskQueue,
          workflowId,
          args: [input],
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          typedSearchAttributes: [
            { key: AccountIdAttribute, value: caller.accountId },
            { key: JobIdAttribute, value: jobId },
          ],
          memo: { totalItems: request.entities.length, webhook: webhookUrl ? 'yes' : 'no' },
        });
      } catch (err) {
        throw new ServiceUnavailableError(`The batch could not be queued (workflow engine unavailable); nothing was accepted. ${err instanceof Error ? err.message : ''}`.trim());
      }
    });
    return this.get(em, caller, jobId);
  }

  async get(em: EntityManager, caller: Pick<Caller, 'accountId'>, jobId: string): Promise<BatchJobView> {
    const job = await findBatchJob(em, jobId);
    if (!job || job.account_id !== caller.accountId) throw new AppError(404, 'not_found', 'Batch job not found');
    return batchJobView(em, job);
  }
}
