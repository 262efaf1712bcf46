/**
 * ERC-8004 reputation after a completed agent job, best-effort and exactly once per target:
 *  - `our_agent`: our evaluator (which settled the job, and does not own our agent identity, so the
 *    registry accepts it) records the outcome on our agent's identity: 100/100, tagged with the service;
 *  - `buyer`: our agent (the provider key owns its identity) records feedback for the buyer's agent
 *    identity, when the job named one (`buyer_agent_id`) that the paying wallet really owns.
 * Before sending, the block number is stored; a retry first looks for the feedback in the registry's
 * `NewFeedback` events since then (same client, agent and hash), so a crash after sending never records twice.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { getAddress, type Address } from 'viem';
import { asBytes32 } from '../src/modules/acp/escrow/attestation';
import { findAcpJob, type AcpJob } from '../src/modules/acp/acp-jobs';
import { recordReputationStep } from '../src/modules/acp/escrow/escrow-jobs';
import { agentOwner, giveFeedback, reputationRegistryAbi } from '../src/modules/acp/reputation/reputation-chain';
import { escrowRailFor, isRailOn } from '../src/modules/acp/escrow/escrow-rail';
import { chainAccess, type ChainSigner } from './chain-signers';
import type { ActivityDeps } from './deps';

/** A completed, paid and delivered job: full marks; the tags say what it was. */
const COMPLETED_VALUE = 100n;

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
      const { identityRegistryAddress, reputationRegistryAddress, agentId } = deps.config.acp;
      const skip = async (target: string, reason: string) => {
        await recordReputationStep(em, job.id, target, { skipped: reason });
        return { skipped: reason };
      };
      if (!identityRegistryAddress || !reputationRegistryAddress) return { all: await skip('all', 'no ERC-8004 registries configured (ACP_IDENTITY_REGISTRY_ADDRESS, ACP_REPUTATION_REGISTRY_ADDRESS)') };
      const rail = escrowRailFor(deps.config);
      if (!isRailOn(rail)) return { all: await skip('all', `${rail.off}: the keys that sign feedback are part of it`) };
      const { chain, provider, evaluator } = access();
      const registry = getAddress(reputationRegistryAddress);
      const identity = getAddress(identityRegistryAddress);
      if (!(await chain.getCode({ address: registry }))) return { all: await skip('all', `no reputation registry contract at ${registry} on this chain`) };

      const outcomes: Record<string, unknown> = {};
      outcomes.our_agent =
        agentId === undefined ? await skip('our_agent', 'our agent identity is not configured (ACP_AGENT_ID)') : await feedbackOnce(job, 'our_agent', evaluator, registry, BigInt(agentId), 'acp_job');
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
