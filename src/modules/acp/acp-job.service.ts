/**
 * Submitting an agent job (the wallet's own limit is applied by the route): the payload for its service, the payment (an x402
 * payment the route's paywall has already verified and settled, a verified USDC transfer never used
 * before whose job the buyer signed, or one of the free jobs a test network offers, see free-tier.ts),
 * the job row, then `acp-<acp_job_id>`
 * started and waited for within the call. A job whose workflow outlasts the wait is answered as it
 * stands (`submitted`) and settles on its own; `GET /acp/jobs/{id}` shows the outcome.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import { AppError, ServiceUnavailableError, ValidationError } from '../../errors';
import type { Logger } from '../../logger';
import { AcpServiceAttribute, AcpStatusAttribute, WalletAttribute } from '../../temporal/search-attributes';
import { workflowIds } from '../../temporal/workflow-ids';
import type { Hex } from 'viem';
import { findAcpJob, insertAcpJob, isPaymentUsed, PaymentAlreadyUsedError, type AcpJob, type NewAcpJob } from './acp-job.store';
import { checkBuyerSignature } from './buyer-signature';
import { canonicalTxHash } from './chain/tx-hash';
import { takeFreeSlot } from './free-tier';
import { FeedbackAuthorizer } from './reputation/feedback-authorization';
import type { ChainClient } from './chain/client';
import { usdcUnits, verifyUsdcTransfer } from './chain/usdc-payment';
import type { AcpJobRequest } from './job-request';
import { parsePayload } from './job-payloads';
import { paymentRequired } from './payment-requirements';
import { acpService, type AcpService } from './services';
import type { AbuseMonitorClient } from './abuse/abuse-monitor-client';
import { fundByEscrow } from './escrow/escrow-funding';
import { x402FacilitatorFor, type X402Facilitator } from './x402/facilitator';
import { acpPaymentRequiredV2 } from './x402/discovery';
import { acpPaymentRequirements, acpPaymentRequirementsV2 } from './x402/requirements';
import type { Workflows } from '../../../workflows/definitions';

export const ACP_WAIT_MS = 30_000;

export class AcpJobService {
  /** Signs, for a completed paid job, what the buyer needs to rate our agent on ERC-8004. */
  readonly feedback: FeedbackAuthorizer;

  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly logger: Logger,
    private readonly chain: ChainClient | undefined,
    /** Told of every recorded job, so the abuse monitor reviews the traffic soon. */
    private readonly monitor: AbuseMonitorClient,
    /** The in-process x402 facilitator (ACP_FACILITATOR_PRIVATE_KEY); without one the x402 rail answers 503. */
    readonly x402: X402Facilitator | undefined = x402FacilitatorFor(config),
  ) {
    this.feedback = new FeedbackAuthorizer(config);
  }

  /** The public URL of a job endpoint: the x402 `resource` the requirements name. */
  resourceUrl(path: string): string {
    return `${this.config.http.publicBaseUrl.replace(/\/+$/, '')}${path}`;
  }

  /**
   * What the job costs as x402 requirements, for a request that pays by `X-PAYMENT` (v1:
   * `requirements`) or `PAYMENT-SIGNATURE` (v2: `v2.requirements`, and `v2.required(error)` the
   * `PaymentRequired` a refusal answers with): checked before any funds move, so a payment is never
   * taken for a job that could not be recorded (a payload its service refuses, or a second payment in
   * the body).
   */
  quoteX402(body: AcpJobRequest, resource: string, paymentHeader = 'X-PAYMENT') {
    const { service } = this.checked(body);
    for (const field of ['payment_tx_hash', 'escrow_job_id'] as const) {
      if (body[field]) throw new ValidationError([{ loc: ['body', field], msg: `A job is paid once: send either an ${paymentHeader} header or ${field}, not both`, type: 'payment_conflict' }]);
    }
    return {
      requirements: acpPaymentRequirements(this.config, service, body.usdc_amount, resource),
      v2: {
        requirements: acpPaymentRequirementsV2(this.config, body.usdc_amount),
        required: (error: string) => acpPaymentRequiredV2(this.config, service, body.usdc_amount, resource, error),
      },
    };
  }

  /** `x402`: the transaction hash of an x402 payment already verified and settled for this job (see {@link quoteX402}). */
  async submit(em: EntityManager, body: AcpJobRequest, resource: string, x402?: { txHash: string }, sourceIp: string | null = null): Promise<AcpJob> {
    const { service, payload } = this.checked(body);
    const id = randomUUID();
    const base = { id, service_id: service.id, buyer_address: body.buyer_agent_address, chain: body.chain, usdc_amount: body.usdc_amount, payload, workflow_id: workflowIds.acpJob(id), buyer_agent_id: body.buyer_agent_id, source_ip: sourceIp };
    const job = x402
      ? await this.recordX402(em, base, x402.txHash)
      : body.escrow_job_id
        ? await fundByEscrow(em, this.chain, this.config, base, body.escrow_job_id)
        : await this.fund(em, base, body, service, resource);
    void this.monitor.trafficRecorded();
    return this.run(em, job);
  }

  private checked(body: AcpJobRequest): { service: AcpService; payload: Record<string, unknown> } {
    const service = acpService(body.service_id)!;
    const payload = parsePayload(service.id, body.payload);
    if (!payload.ok) throw new ValidationError(payload.issues.map((i) => ({ loc: ['body', 'payload', ...i.path], msg: i.message, type: 'payload' })));
    return { service, payload: payload.value as Record<string, unknown> };
  }

  /**
   * Writes the job an x402 payment has paid for, under its settlement transaction hash (unique: one
   * payment, one job). The funds have moved by now, so a failure to record says where they went and
   * how to use them (the settlement is a USDC transfer from the buyer, which the transfer rail takes).
   */
  private async recordX402(em: EntityManager, base: Omit<NewAcpJob, 'payment_kind' | 'free_job_number' | 'payment_tx_hash'>, settlementHash: string): Promise<AcpJob> {
    const txHash = canonicalTxHash(settlementHash);
    try {
      return await insertAcpJob(em, { ...base, payment_kind: 'x402', free_job_number: null, payment_tx_hash: txHash });
    } catch (err) {
      if (err instanceof PaymentAlreadyUsedError) throw usedPayment(`The x402 settlement ${txHash} has already paid for a job`);
      this.logger.error({ err, txHash, jobId: base.id }, 'x402 payment settled but its job could not be recorded');
      throw Object.assign(
        new ServiceUnavailableError(
          `The x402 payment settled in transaction ${txHash}, but the job could not be recorded, so nothing was executed. Submit the job again with payment_tx_hash ${txHash}, signed as docs/agent-commerce.md says (buyer_signature, signature_expires_at), and no payment header (PAYMENT-SIGNATURE or X-PAYMENT) to use that payment.`,
        ),
        { cause: err },
      );
    }
  }

  /** Accepts the payment and writes the funded job, or refuses (402/403/409) with nothing stored or executed. */
  private async fund(em: EntityManager, base: Omit<NewAcpJob, 'payment_kind' | 'free_job_number' | 'payment_tx_hash'>, body: AcpJobRequest, service: AcpService, resource: string): Promise<AcpJob> {
    if (body.payment_tx_hash) {
      if (!this.chain) throw new ServiceUnavailableError('No chain RPC is configured (ACP_RPC_URL), so no payment can be verified; nothing was executed.');
      const txHash = canonicalTxHash(body.payment_tx_hash);
      // The caller proves it controls the buyer's wallet before the transfer is looked at: a transfer
      // is public, and only its sender may say which job it pays for.
      await checkBuyerSignature(
        this.chain,
        this.config.acp.chainId,
        this.config.acp.payTo,
        { service_id: service.id, buyer_agent_address: body.buyer_agent_address, usdc_amount: body.usdc_amount, payload: body.payload, payment_tx_hash: txHash, signature_expires_at: body.signature_expires_at! },
        body.buyer_signature as Hex,
      );
      if (await isPaymentUsed(em, txHash)) throw usedPayment('This payment_tx_hash has already paid for a job');
      const check = await verifyUsdcTransfer(this.chain, {
        txHash,
        from: body.buyer_agent_address,
        payTo: this.config.acp.payTo,
        usdcAddress: this.config.acp.usdcAddress,
        minAmountUnits: usdcUnits(body.usdc_amount),
        confirmations: this.config.acp.confirmations,
      });
      if (!check.ok) throw paymentRequired(this.config, service, body.usdc_amount, resource, `Payment not accepted: ${check.reason}${check.retryable ? ' (it may pass once mined and confirmed; retry shortly)' : ''}.`);
      try {
        return await insertAcpJob(em, { ...base, payment_kind: 'transfer', free_job_number: null, payment_tx_hash: txHash });
      } catch (err) {
        if (err instanceof PaymentAlreadyUsedError) throw usedPayment('This payment_tx_hash has already paid for a job');
        throw err;
      }
    }
    const slot = await takeFreeSlot(em, this.config, base);
    if (!slot.ok) throw paymentRequired(this.config, service, body.usdc_amount, resource, slot.reason);
    return slot.job;
  }

  /** Starts the job's workflow and waits for its outcome, at most {@link ACP_WAIT_MS}. */
  private async run(em: EntityManager, job: AcpJob): Promise<AcpJob> {
    try {
      return await this.temporal.withDeadline(Date.now() + ACP_WAIT_MS, () =>
        this.temporal.workflow.execute<Workflows['acpJobWorkflow']>('acpJobWorkflow', {
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

const usedPayment = (what: string) => new AppError(409, 'payment_already_used', `${what} and is never accepted twice; nothing was executed.`);
