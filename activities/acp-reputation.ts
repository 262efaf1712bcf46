/**
 * ERC-8004 reputation after a completed, paid agent job, best-effort and exactly once: our agent (the
 * provider key owns its identity) records feedback for the buyer's agent identity, when the job named
 * one (`buyer_agent_id`) that the paying wallet really owns. We never record feedback on our own
 * agent: rating ourselves would be self-dealing. The buyer rates us instead, with the authorization
 * the job answer carries (src/modules/acp/reputation/feedback-authorization.ts). Free jobs record
 * nothing on chain: each write costs gas, and free work is not what reputation should rest on.
 * Before sending, the block number is stored; a retry first looks for the feedback in the registry's
 * `NewFeedback` events since then (same client, agent and hash), so a crash after sending never records twice.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { getAddress, type Address } from 'viem';
import { asBytes32 } from '../src/modules/acp/escrow/attestation';
import { findAcpJob, type AcpJob } from '../src/modules/acp/acp-job.store';
import { recordReputationStep } from '../src/modules/acp/escrow/escrow-job.store';
import { agentOwner, giveFeedback, reputationRegistryAbi } from '../src/modules/acp/reputation/reputation-chain';
import { escrowRailFor, isRailOn } from '../src/modules/acp/escrow/escrow-rail';
import { chainAccess, type ChainSigner } from './chain-signers';
import type { ActivityDeps } from './deps';

/** A completed, paid and delivered job: full marks; the tags say what it was. */
const COMPLETED_VALUE = 100n;

async function recordSkip(em: Parameters<typeof recordReputationStep>[0], jobId: string, target: string, reason: string): Promise<{ skipped: string }> {
  await recordReputationStep(em, jobId, target, { skipped: reason });
  return { skipped: reason };
}

export function createAcpReputationActivities(deps: ActivityDeps) {
  const access = chainAccess(deps);
  const base = () => deps.config.http.publicBaseUrl.replace(/\/+$/, '');

  async function feedbackOnce(job: AcpJob, target: string, signer: ChainSigner, registry: Address, agentId: bigint, tag1: string): Promise<Record<string, unknown>> {
    const previous = (job.reputation_txs?.[target] ?? null) as { tx?: string; from_block?: string } | null;
    if (previous?.tx) return previous;
    const hash = asBytes32(job.deliverable_sha256 ?? '0'.repeat(64));
    const { chain } = access();
    if (previous?.from_block) {
      const logs = await chain.getContractEvents({ address: registry, abi: reputationRegistryAbi, eventName: 'NewFeedback', args: { agentId, clientAddress: signer.account.address }, fromBlock: BigInt(previous.from_block) });
      const landed = logs.find((log) => log.args.feedbackHash?.toLowerCase() === hash.toLowerCase() && log.args.feedbackURI === `${base()}/acp/jobs/${job.id}`);
      if (landed) {
        const outcome = { tx: landed.transactionHash, agent_id: agentId.toString(), registry };
        await recordReputationStep(deps.orm.em.fork(), job.id, target, outcome);
        return outcome;
      }
    }
    await recordReputationStep(deps.orm.em.fork(), job.id, target, { from_block: (await chain.getBlockNumber()).toString() });
    const tx = await giveFeedback(signer, registry, {
      agentId,
      value: COMPLETED_VALUE,
      valueDecimals: 0,
      tag1,
      tag2: job.service_id,
      endpoint: `${base()}/acp/jobs`,
      feedbackURI: `${base()}/acp/jobs/${job.id}`,
      feedbackHash: hash,
    });
    const outcome = { tx, agent_id: agentId.toString(), registry };
    await recordReputationStep(deps.orm.em.fork(), job.id, target, outcome);
    return outcome;
  }

  return {
    async recordJobReputation(input: { jobId: string }): Promise<Record<string, unknown>> {
      const em = deps.orm.em.fork();
      const job = await findAcpJob(em, input.jobId);
      if (!job) throw ApplicationFailure.nonRetryable(`agent job ${input.jobId} not found`, 'JobNotFound');
      if (job.status !== 'completed') return {};
      if (job.payment_kind === 'free') return { buyer: await recordSkip(em, job.id, 'buyer', 'a free job: no on-chain feedback is recorded for it') };
      const { identityRegistryAddress, reputationRegistryAddress } = deps.config.acp;
      const skip = (target: string, reason: string) => recordSkip(em, job.id, target, reason);
      if (!identityRegistryAddress || !reputationRegistryAddress) return { all: await skip('all', 'no ERC-8004 registries configured (ACP_IDENTITY_REGISTRY_ADDRESS, ACP_REPUTATION_REGISTRY_ADDRESS)') };
      const rail = escrowRailFor(deps.config);
      if (!isRailOn(rail)) return { all: await skip('all', `${rail.off}: the keys that sign feedback are part of it`) };
      const { chain, provider } = access();
      const registry = getAddress(reputationRegistryAddress);
      const identity = getAddress(identityRegistryAddress);
      if (!(await chain.getCode({ address: registry }))) return { all: await skip('all', `no reputation registry contract at ${registry} on this chain`) };

      const outcomes: Record<string, unknown> = {};
      if (job.buyer_agent_id === null) {
        outcomes.buyer = await skip('buyer', 'the job named no buyer_agent_id');
      } else {
        const owner = await agentOwner(chain, identity, BigInt(job.buyer_agent_id));
        outcomes.buyer =
          owner?.toLowerCase() !== job.buyer_address.toLowerCase()
            ? await skip('buyer', `agent ${job.buyer_agent_id} is ${owner ? `owned by ${owner}` : 'not registered'}, not by the paying wallet ${job.buyer_address}`)
            : await feedbackOnce(job, 'buyer', provider, registry, BigInt(job.buyer_agent_id), 'acp_buyer');
      }
      deps.logger.info({ jobId: job.id, outcomes }, 'agent job reputation recorded');
      return outcomes;
    },
  };
}

export type AcpReputationActivities = ReturnType<typeof createAcpReputationActivities>;
