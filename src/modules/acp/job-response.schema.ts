/**
 * The agent-job answer (spec: Agent job, response) with our extensions: what `POST /acp/jobs` and
 * `GET /acp/jobs/{acp_job_id}` return, and what the x402 `bazaar` discovery extension declares as each
 * paid service's output schema.
 */
import { z } from '../../schemas/zod';

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

export const AcpJobResponseSchema = z
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
