/**
 * Endpoints 23–26: agent jobs (ACP). No bearer token: the buyer's wallet and payment identify it; limits
 * per IP (route class `acp`) and per wallet (in the service). `POST /v1/acp/jobs` is the same operation
 * at the path the manifest lists. A request with an `X-PAYMENT` header pays the x402 way: the job is
 * checked and priced, then the x402 paywall (src/http/middleware/x402.ts) verifies and settles the
 * payment, and only then is the job recorded under the settlement's transaction hash and run.
 */
import type { AcpJob } from '../../../modules/acp/acp-jobs';
import { findAcpJob } from '../../../modules/acp/acp-jobs';
import type { AcpJobService } from '../../../modules/acp/acp-job.service';
import type { FeedbackAuthorization } from '../../../modules/acp/reputation/feedback-authorization';
import type { WalletGate } from '../../../modules/acp/bond/wallet-gate';
import { AcpJobRequestSchema } from '../../../modules/acp/job-request';
import { NotFoundError } from '../../../errors';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';
import { applyRateDecision } from '../../middleware/rate-limit';
import { offersX402Payment, x402Paywall } from '../../middleware/x402';
import type { MinuteWindowLimiter } from '../../../modules/rate-limits/minute-window-limiter';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';

const FeedbackAuthorizationSchema = z
  .object({
    chain_id: z.number().int(),
    identity_registry: z.string(),
    reputation_registry: z.string(),
    agent_id: z.string(),
    client_address: z.string(),
    job_id: z.string(),
    service_id: z.string(),
    deliverable_hash: z.string(),
    expiry: z.number().int().openapi({ description: 'Unix seconds' }),
    signer: z.string().openapi({ description: "Our agent's owner (ownerOf(agent_id))" }),
    signature: z.string().openapi({ description: 'EIP-712 signature (domain "ERC-8004 feedback authorization" version 1, the chain id, verifyingContract the reputation registry; type FeedbackAuthorization)' }),
    give_feedback: z.object({ agentId: z.string(), tag1: z.string(), tag2: z.string(), endpoint: z.string(), feedbackURI: z.string(), feedbackHash: z.string().openapi({ description: "The authorization's EIP-712 digest" }) }),
  })
  .openapi('FeedbackAuthorization');

const AcpJobResponseSchema = z
  .object({
    acp_job_id: z.string(),
    status: z.enum(['open', 'funded', 'submitted', 'completed', 'rejected', 'expired']).openapi({ description: 'ERC-8183 job state' }),
    service_id: z.string(),
    result: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
    deliverable_sha256: z.string().nullable().openapi({ description: "Extension: SHA-256 of the result's canonical JSON, for an on-chain evaluator" }),
    payment: z.object({
      kind: z.enum(['free', 'transfer', 'x402', 'escrow']),
      tx_hash: z.string().nullable(),
      free_job_number: z.number().int().nullable(),
      escrow: z
        .object({ contract: z.string(), job_id: z.string(), submit_tx: z.string().nullable(), settle_tx: z.string().nullable() })
        .nullable()
        .openapi({ description: 'Extension: the ERC-8183 escrow job that paid, and our submit and settle transactions on it' }),
    }),
    degraded: z.boolean().openapi({ description: 'Extension: run while the wallet was under verification (confidence lowered; see `result.verification`)' }),
    reputation: z.record(z.string(), z.unknown()).nullable().openapi({ description: "Extension: the ERC-8004 feedback our agent recorded on the buyer's agent (`buyer_agent_id`) after a completed paid job; we never rate ourselves" }),
    feedback_authorization: FeedbackAuthorizationSchema.nullable().openapi({
      description:
        "Extension: for a completed paid job, our agent's EIP-712 authorization for the buyer to rate us on ERC-8004: call the reputation registry's giveFeedback with `give_feedback`'s arguments and your own value. See docs/agent-commerce.md.",
    }),
    created_at: z.string(),
    settled_at: z.string().nullable(),
  })
  .openapi('AcpJobResponse');

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
        "Paid the x402 way (an `X-PAYMENT` header: base64 of an x402 v1 `exact` payment payload, an EIP-3009 USDC authorization signed by `buyer_agent_address` for exactly `usdc_amount` to the pay-to address; the answer carries `X-PAYMENT-RESPONSE` with the settlement's transaction), by a direct USDC transfer from the buyer (`payment_tx_hash`, with `buyer_signature`: the buyer wallet's EIP-712 signature of the job, and `signature_expires_at`), through an ERC-8183 escrow job on our contract (`escrow_job_id`: we submit the deliverable hash and our evaluator completes or rejects it), or, only when the service runs on a test network, with one of the wallet's 5 free jobs (capped per source IP and per day). Without any: 402 with x402 payment requirements (`x402Version`, `error`, `accepts`) and the reason. A payment is never accepted twice, whatever the case of its hash. A completed paid job carries `feedback_authorization`, for the buyer to rate us on ERC-8004. A job whose service fails is recorded as rejected with its error.",
      tags: ['Agent jobs'],
      access: { kind: 'public', rateLimit: 'acp' },
      request: { body: AcpJobRequestSchema },
      responses: {
        200: { description: 'The job as settled (or still running when it outlasted the call)', schema: AcpJobResponseSchema },
        402: { description: 'Payment required, or the payment (x402, transfer or escrow) was not accepted, or the wallet must first post a verification bond (`verification_bond_required`, with the terms in `bond`): nothing was executed', schema: ErrorBody },
        403: { description: 'The wallet is on the blocklist (`wallet_blocked`) or forfeited its bond (`wallet_forfeited`), or a transfer job\'s `buyer_signature` is expired or not the buyer\'s signature of this job: nothing was executed', schema: ErrorBody },
        409: { description: 'This payment already paid for a job', schema: ErrorBody },
        ...commonErrors,
      },
      handler: async (ctx, { body }) => {
        const admission = await gate.admit(ctx.state.em, body.buyer_agent_address, ctx.ip || null);
        applyRateDecision(ctx, await limiter.consume('acp:wallet', body.buyer_agent_address.toLowerCase(), admission.perMinute), admission.standing?.status === 'under_verification' ? 'for this wallet while under verification' : 'for this wallet');
        const resource = jobs.resourceUrl(path);
        if (!offersX402Payment(ctx)) {
          ctx.body = await answer(await jobs.submit(ctx.state.em, body, resource, undefined, ctx.ip || null));
          return;
        }
        const { requirements } = jobs.quoteX402(body, resource);
        await x402Paywall({ facilitator: jobs.x402, requirements, payer: body.buyer_agent_address })(ctx, async (settlement) => {
          ctx.body = await answer(await jobs.submit(ctx.state.em, body, resource, { txHash: settlement.transaction }, ctx.ip || null));
        });
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
