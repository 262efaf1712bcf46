/**
 * Endpoints 23–26: agent jobs (ACP). No bearer token: the buyer's wallet and payment identify it; limits
 * per IP (route class `acp`) and per wallet (in the service). `POST /v1/acp/jobs` is the same operation
 * at the path the manifest lists. A request with a `PAYMENT-SIGNATURE` (x402 v2) or `X-PAYMENT` (v1)
 * header pays the x402 way: the job is checked and priced, then the x402 paywall of that version
 * (src/http/middleware/x402-v2.ts, x402.ts) verifies and settles the payment, and only then is the job
 * recorded under the settlement's transaction hash and run.
 */
import type { AcpJob } from '../../../modules/acp/acp-job.store';
import { findAcpJob, findAcpJobByPayment } from '../../../modules/acp/acp-job.store';
import type { AcpJobService } from '../../../modules/acp/acp-job.service';
import type { FeedbackAuthorization } from '../../../modules/acp/reputation/feedback-authorization';
import type { WalletGate } from '../../../modules/acp/bond/wallet-gate';
import { AcpJobRequestSchema } from '../../../modules/acp/job-request';
import { NotFoundError, ValidationError } from '../../../errors';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';
import { applyRateDecision } from '../../middleware/rate-limit';
import { offersX402Payment, x402Paywall } from '../../middleware/x402';
import { offersX402PaymentV2, x402PaywallV2 } from '../../middleware/x402-v2';
import { jobRequestSha256 } from '../../../modules/acp/x402/payment-identifiers';
import type { MinuteWindowLimiter } from '../../../modules/rate-limits/minute-window-limiter';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';
import { AcpJobResponseSchema } from '../../../modules/acp/job-response.schema';

const JobParams = z.object({ acp_job_id: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function view(job: AcpJob, feedback: FeedbackAuthorization | null) {
  return {
    acp_job_id: job.id,
    status: job.status,
    service_id: job.service_id,
    result: job.result,
    error: job.error,
    deliverable_sha256: job.deliverable_sha256,
    payment: {
      kind: job.payment_kind,
      tx_hash: job.payment_tx_hash,
      free_job_number: job.free_job_number,
      escrow: job.escrow_job_id === null ? null : { contract: job.escrow_contract!, job_id: job.escrow_job_id, submit_tx: job.escrow_submit_tx, settle_tx: job.escrow_settle_tx },
    },
    degraded: job.degraded,
    reputation: job.reputation_txs,
    feedback_authorization: feedback,
    created_at: job.created_at,
    settled_at: job.settled_at,
  };
}

export function acpRoutes(jobs: AcpJobService, gate: WalletGate, limiter: MinuteWindowLimiter) {
  const answer = async (job: AcpJob) => view(job, await jobs.feedback.authorize(job));
  const submit = (path: '/acp/jobs' | '/v1/acp/jobs') =>
    defineRoute({
      method: 'post',
      path,
      summary: 'Submit an agent job: pay, run the service, evaluate the deliverable, in one call',
      description:
        "Paid the x402 way, v2 or v1: a `PAYMENT-SIGNATURE` header (x402 v2: base64 of the payment payload, `accepted` the requirements of the 402's `PAYMENT-REQUIRED` header on network `eip155:84532`, an EIP-3009 USDC authorization signed by `buyer_agent_address` for exactly `usdc_amount` to the pay-to address, optionally a `payment-identifier` extension id; the answer carries `PAYMENT-RESPONSE`) or an `X-PAYMENT` header (x402 v1: the same authorization on `base-sepolia`, the requirements from the 402 body's `accepts`; the answer carries `X-PAYMENT-RESPONSE`); or by a direct USDC transfer from the buyer (`payment_tx_hash`, with `buyer_signature`: the buyer wallet's EIP-712 signature of the job, and `signature_expires_at`); or through an ERC-8183 escrow job on our contract (`escrow_job_id`: we submit the deliverable hash and our evaluator completes or rejects it); or, only when the service runs on a test network, with one of the wallet's 5 free jobs (capped per source address, an IPv6 /64 counting as one, and per day). Without any: 402 with the reason, the x402 v2 requirements in the `PAYMENT-REQUIRED` header (with the service's `bazaar` description and `payment-identifier`) and the x402 v1 ones in the body (`x402Version`, `error`, `accepts`). A payment is never accepted twice, whatever the case of its hash; a v2 payment identifier pays once (its retry gets the job it paid for; another job under it is a 409). A completed paid job carries `feedback_authorization`, for the buyer to rate us on ERC-8004. A job whose service fails is recorded as rejected with its error.",
      tags: ['Agent jobs'],
      access: { kind: 'public', rateLimit: 'acp' },
      request: { body: AcpJobRequestSchema },
      responses: {
        200: { description: 'The job as settled (or still running when it outlasted the call)', schema: AcpJobResponseSchema },
        402: { description: 'Payment required, or the payment (x402, transfer or escrow) was not accepted, or the wallet must first post a verification bond (`verification_bond_required`, with the terms in `bond`): nothing was executed', schema: ErrorBody },
        403: { description: 'The wallet is on the blocklist (`wallet_blocked`) or forfeited its bond (`wallet_forfeited`), or a transfer job\'s `buyer_signature` is expired or not the buyer\'s signature of this job: nothing was executed', schema: ErrorBody },
        409: { description: 'This payment already paid for a job (`payment_already_used`), or its x402 payment identifier was used for another job (`payment_identifier_conflict`) or is still being paid (`payment_identifier_in_use`): nothing was charged or executed', schema: ErrorBody },
        ...commonErrors,
      },
      handler: async (ctx, { body }) => {
        const admission = await gate.admit(ctx.state.em, body.buyer_agent_address, ctx.ip || null);
        applyRateDecision(ctx, await limiter.consume('acp:wallet', body.buyer_agent_address.toLowerCase(), admission.perMinute), admission.standing?.status === 'under_verification' ? 'for this wallet while under verification' : 'for this wallet');
        const resource = jobs.resourceUrl(path);
        const [v1, v2] = [offersX402Payment(ctx), offersX402PaymentV2(ctx)];
        if (!v1 && !v2) {
          ctx.body = await answer(await jobs.submit(ctx.state.em, body, resource, undefined, ctx.ip || null));
          return;
        }
        if (v1 && v2) throw new ValidationError([{ loc: ['header', 'PAYMENT-SIGNATURE'], msg: 'A job is paid once: send either a PAYMENT-SIGNATURE header (x402 v2) or an X-PAYMENT header (x402 v1), not both', type: 'payment_conflict' }]);
        const quote = jobs.quoteX402(body, resource, v2 ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT');
        const run = async (settlement: { transaction: string }) => {
          ctx.body = await answer(await jobs.submit(ctx.state.em, body, resource, { txHash: settlement.transaction }, ctx.ip || null));
        };
        if (v1) return x402Paywall({ facilitator: jobs.x402, requirements: quote.requirements, payer: body.buyer_agent_address })(ctx, run);
        const replay = async (settlementTx: string) => {
          const job = await findAcpJobByPayment(ctx.state.em, settlementTx);
          if (job) ctx.body = await answer(job);
          return job !== undefined;
        };
        await x402PaywallV2({ facilitator: jobs.x402, ...quote.v2, payer: body.buyer_agent_address, requestSha256: jobRequestSha256(body), replay })(ctx, run);
      },
    });
  return [
    submit('/acp/jobs'),
    submit('/v1/acp/jobs'),
    defineRoute({
      method: 'get',
      path: '/acp/jobs/{acp_job_id}',
      summary: 'An agent job and its outcome',
      tags: ['Agent jobs'],
      access: { kind: 'public', rateLimit: 'acp' },
      request: { params: JobParams },
      responses: { 200: { description: 'The job', schema: AcpJobResponseSchema }, ...commonErrors },
      handler: async (ctx, { params }) => {
        const job = UUID.test(params.acp_job_id) ? await findAcpJob(ctx.state.em, params.acp_job_id) : undefined;
        if (!job) throw new NotFoundError('Agent job not found');
        ctx.body = await answer(job);
      },
    }),
  ];
}
