/**
 * Submitting an agent job (the wallet's own limit is applied by the route): the payload for its service, the payment (one of the
 * wallet's free jobs on the test network, or a verified USDC transfer never used before), the job row,
 * then `acp-<acp_job_id>` started and waited for within the call. A job whose workflow outlasts the wait
 * is answered as it stands (`submitted`) and settles on its own; `GET /acp/jobs/{id}` shows the outcome.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import { AppError, ServiceUnavailableError, ValidationError } from '../../errors';
import type { Logger } from '../../logger';
import { AcpServiceAttribute, AcpStatusAttribute, WalletAttribute } from '../../temporal/search-attributes';
import { workflowIds } from '../../temporal/workflow-ids';
import { findAcpJob, FreeSlotTakenError, freeJobsUsed, insertAcpJob, isPaymentUsed, PaymentAlreadyUsedError, type AcpJob, type NewAcpJob } from './acp-jobs';
import type { ChainClient } from './chain/client';
import { usdcUnits, verifyUsdcTransfer } from './chain/usdc-payment';
import type { AcpJobRequest } from './job-request';
import { parsePayload } from './job-payloads';
import { paymentRequired } from './payment-requirements';
import { acpService } from './services';

export const ACP_WAIT_MS = 30_000;

export class AcpJobService {
  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly logger: Logger,
    private readonly chain: ChainClient | undefined,
  ) {}

  async submit(em: EntityManager, body: AcpJobRequest, resource: string): Promise<AcpJob> {
    const service = acpService(body.service_id)!;
    const payload = parsePayload(service.id, body.payload);
    if (!payload.ok) throw new ValidationError(payload.issues.map((i) => ({ loc: ['body', 'payload', ...i.path], msg: i.message, type: 'payload' })));

    const id = randomUUID();
    const base = { id, service_id: service.id, buyer_address: body.buyer_agent_address, chain: body.chain, usdc_amount: body.usdc_amount, payload: payload.value as Record<string, unknown>, workflow_id: workflowIds.acpJob(id) };
    const job = await this.fund(em, base, body, service, resource);
    return this.run(em, job);
  }

  /** Accepts the payment and writes the funded job, or refuses (402/409) with nothing stored or executed. */
  private async fund(em: EntityManager, base: Omit<NewAcpJob, 'payment_kind' | 'free_job_number' | 'payment_tx_hash'>, body: AcpJobRequest, service: NonNullable<ReturnType<typeof acpService>>, resource: string): Promise<AcpJob> {
    if (body.payment_tx_hash) {
      if (!this.chain) throw new ServiceUnavailableError('No chain RPC is configured (ACP_RPC_URL), so no payment can be verified; nothing was executed.');
      if (await isPaymentUsed(em, body.payment_tx_hash)) throw usedPayment();
      const check = await verifyUsdcTransfer(this.chain, {
        txHash: body.payment_tx_hash,
        from: body.buyer_agent_address,
        payTo: this.config.acp.payTo,
        usdcAddress: this.config.acp.usdcAddress,
        minAmountUnits: usdcUnits(body.usdc_amount),
        confirmations: this.config.acp.confirmations,
      });
      if (!check.ok) throw paymentRequired(this.config, service, body.usdc_amount, resource, `Payment not accepted: ${check.reason}${check.retryable ? ' (it may pass once mined and confirmed; retry shortly)' : ''}.`);
      try {
        return await insertAcpJob(em, { ...base, payment_kind: 'transfer', free_job_number: null, payment_tx_hash: body.payment_tx_hash });
      } catch (err) {
        if (err instanceof PaymentAlreadyUsedError) throw usedPayment();
        throw err;
      }
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const used = body.chain === 'base_sepolia' ? await freeJobsUsed(em, body.buyer_agent_address, body.chain) : Infinity;
      if (used >= this.config.acp.freeJobsPerWallet) break;
      try {
        return await insertAcpJob(em, { ...base, payment_kind: 'free', free_job_number: used + 1, payment_tx_hash: null });
      } catch (err) {
        if (!(err instanceof FreeSlotTakenError)) throw err; // a concurrent job took that slot: look again
      }
    }
    throw paymentRequired(this.config, service, body.usdc_amount, resource, `This wallet has used its ${this.config.acp.freeJobsPerWallet} free jobs on the test network.`);
  }

  /** Starts the job's workflow and waits for its outcome, at most {@link ACP_WAIT_MS}. */
  private async run(em: EntityManager, job: AcpJob): Promise<AcpJob> {
    try {
      return await this.temporal.withDeadline(Date.now() + ACP_WAIT_MS, () =>
        this.temporal.workflow.execute('acpJobWorkflow', {
          taskQueue: this.config.temporal.taskQueue,
          workflowId: job.workflow_id,
          args: [{ jobId: job.id }],
          memo: { serviceId: job.service_id, wallet: job.buyer_address, usdcAmount: job.usdc_amount, payment: job.payment_kind },
          typedSearchAttributes: [
            { key: AcpServiceAttribute, value: job.service_id },
            { key: WalletAttribute, value: job.buyer_address },
            { key: AcpStatusAttribute, value: 'funded' },
          ],
        }),
      );
    } catch (err) {
      this.logger.warn({ err, jobId: job.id }, 'agent job not settled within the call; answering its current state');
      const current = await findAcpJob(em.fork(), job.id);
      if (current && current.status !== 'funded') return current;
      throw Object.assign(new ServiceUnavailableError(`The job ${job.id} is paid and recorded but could not be run just now; it has not been executed. Retry GET /acp/jobs/${job.id} shortly.`), { cause: err });
    }
  }
}

const usedPayment = () => new AppError(409, 'payment_already_used', 'This payment_tx_hash has already paid for a job and is never accepted twice; nothing was executed.');
