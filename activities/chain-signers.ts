/**
 * The worker's chain connections, made once: a public client for reads and one signer per key (a
 * signer's nonce manager only orders the transactions it sends itself, so each key has exactly one).
 */
import { ApplicationFailure } from '@temporalio/activity';
import { createChainClient, type ChainClient } from '../src/modules/acp/chain/client';
import { createChainSigner } from '../src/modules/acp/escrow/escrow-chain';
import { escrowRailFor, isRailOn, type EscrowRail } from '../src/modules/acp/escrow/escrow-rail';
import type { ActivityDeps } from './deps';

export type ChainSigner = ReturnType<typeof createChainSigner>;

export interface ChainAccess {
  rail: EscrowRail;
  chain: ChainClient;
  provider: ChainSigner;
  evaluator: ChainSigner;
}

export function chainAccess(deps: ActivityDeps): () => ChainAccess {
  let access: ChainAccess | undefined;
  return () => {
    if (access) return access;
    const rail = escrowRailFor(deps.config);
    // Configuration does not fix itself by retrying: fail the step, and say what is missing.
    if (!isRailOn(rail)) throw ApplicationFailure.nonRetryable(rail.off, 'EscrowRailOff');
    access = {
      rail,
      chain: createChainClient(rail.rpcUrl, rail.chainId),
      provider: createChainSigner(rail.rpcUrl, rail.chainId, rail.providerKey),
      evaluator: createChainSigner(rail.rpcUrl, rail.chainId, rail.evaluatorKey),
    };
    return access;
  };
}
