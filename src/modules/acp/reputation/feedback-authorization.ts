/**
 * What a buyer needs to leave ERC-8004 feedback on our agent after a completed, paid job. We never rate
 * ourselves (self-dealing would inflate the reputation the registry exists to keep honest); the buyer
 * rates us, with an authorization our agent signs.
 *
 * ERC-8004's `giveFeedback(agentId, value, valueDecimals, tag1, tag2, endpoint, feedbackURI,
 * feedbackHash)` on our registry (contracts/AgentReputationRegistry.sol, the same ABI as the public
 * deployments) takes no authorization argument: anyone but the agent's owner may call it. So the
 * authorization travels in the two fields ERC-8004 gives for evidence: `feedbackURI` is the job's URL
 * (where this authorization is served) and `feedbackHash` is the EIP-712 digest of the authorization.
 * Anyone reading a `NewFeedback` event can then check that it rests on a real job: recover the signer
 * from the digest and signature (it must be `ownerOf(agentId)`, our agent's owner) and compare the
 * authorization's `clientAddress` with the event's, so feedback from wallets we never served, or
 * copied from someone else's job, is told apart from a paying client's.
 *
 * Signed on demand with our agent's key (the provider key, which owns our identity): EIP-712 signing
 * is deterministic, and the expiry counts from the job's settlement, so the same job always yields the
 * same authorization and nothing needs storing.
 */
import { hashTypedData, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { AppConfig } from '../../../config';
import type { AcpJob } from '../acp-job.store';

/** How long after settlement a buyer may post the feedback. */
export const FEEDBACK_WINDOW_SECONDS = 90 * 24 * 3600;
export const FEEDBACK_TAG = 'acp_job';

export const feedbackAuthorizationTypes = {
  FeedbackAuthorization: [
    { name: 'agentId', type: 'uint256' },
    { name: 'clientAddress', type: 'address' },
    { name: 'identityRegistry', type: 'address' },
    { name: 'jobId', type: 'string' },
    { name: 'serviceId', type: 'string' },
    { name: 'deliverableHash', type: 'bytes32' },
    { name: 'expiry', type: 'uint64' },
  ],
} as const;

export interface FeedbackAuthorization {
  chain_id: number;
  identity_registry: string;
  reputation_registry: string;
  agent_id: string;
  client_address: string;
  job_id: string;
  service_id: string;
  deliverable_hash: Hex;
  /** Unix seconds. */
  expiry: number;
  /** Our agent's owner, who signed. */
  signer: Address;
  signature: Hex;
  /** The arguments of `giveFeedback` other than the buyer's own rating (`value`, `valueDecimals`). */
  give_feedback: { agentId: string; tag1: string; tag2: string; endpoint: string; feedbackURI: string; feedbackHash: Hex };
}

export function feedbackTypedData(auth: Pick<FeedbackAuthorization, 'chain_id' | 'reputation_registry' | 'agent_id' | 'client_address' | 'identity_registry' | 'job_id' | 'service_id' | 'deliverable_hash' | 'expiry'>) {
  return {
    domain: { name: 'ERC-8004 feedback authorization', version: '1', chainId: auth.chain_id, verifyingContract: auth.reputation_registry as Address },
    types: feedbackAuthorizationTypes,
    primaryType: 'FeedbackAuthorization' as const,
    message: {
      agentId: BigInt(auth.agent_id),
      clientAddress: auth.client_address as Address,
      identityRegistry: auth.identity_registry as Address,
      jobId: auth.job_id,
      serviceId: auth.service_id,
      deliverableHash: auth.deliverable_hash,
      expiry: BigInt(auth.expiry),
    },
  };
}

export class FeedbackAuthorizer {
  private readonly agent: PrivateKeyAccount | undefined;

  constructor(private readonly config: AppConfig) {
    this.agent = config.acp.providerPrivateKey ? privateKeyToAccount(config.acp.providerPrivateKey as Hex) : undefined;
  }

  /**
   * The authorization for a completed job someone paid for, or null: a job not completed, a free job
   * (reputation rests on paid work), or no registries, agent id or agent key configured.
   */
  async authorize(job: AcpJob): Promise<FeedbackAuthorization | null> {
    const { identityRegistryAddress, reputationRegistryAddress, agentId, chainId } = this.config.acp;
    if (!this.agent || !identityRegistryAddress || !reputationRegistryAddress || agentId === undefined) return null;
    if (job.status !== 'completed' || job.payment_kind === 'free' || !job.deliverable_sha256 || !job.settled_at) return null;
    const base = this.config.http.publicBaseUrl.replace(/\/+$/, '');
    const terms = {
      chain_id: chainId,
      identity_registry: identityRegistryAddress,
      reputation_registry: reputationRegistryAddress,
      agent_id: String(agentId),
      client_address: job.buyer_address,
      job_id: job.id,
      service_id: job.service_id,
      deliverable_hash: `0x${job.deliverable_sha256}` as Hex,
      expiry: Math.floor(Date.parse(job.settled_at) / 1000) + FEEDBACK_WINDOW_SECONDS,
    };
    const typed = feedbackTypedData(terms);
    return {
      ...terms,
      signer: this.agent.address,
      signature: await this.agent.signTypedData(typed),
      give_feedback: {
        agentId: terms.agent_id,
        tag1: FEEDBACK_TAG,
        tag2: job.service_id,
        endpoint: `${base}/acp/jobs`,
        feedbackURI: `${base}/acp/jobs/${job.id}`,
        feedbackHash: hashTypedData(typed),
      },
    };
  }
}
