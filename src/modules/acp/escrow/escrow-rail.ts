/**
 * The ERC-8183 escrow rail as configured: the escrow contract, our provider key (it submits
 * deliverables; escrow jobs must name its address as provider) and our evaluator key (it completes or
 * rejects; escrow jobs must name its address as evaluator). Without all three the rail is off and an
 * escrow job is answered 503 with what is missing, never half-run.
 */
import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../../config';

export interface EscrowRail {
  escrow: Address;
  provider: Address;
  evaluator: Address;
  providerKey: Hex;
  evaluatorKey: Hex;
  rpcUrl: string;
  chainId: number;
}

/** The rail, or the reason it is off (a sentence naming the settings). */
export function escrowRailFor(config: AppConfig): EscrowRail | { off: string } {
  const { escrowAddress, providerPrivateKey, evaluatorPrivateKey, rpcUrl, chainId } = config.acp;
  const missing = [
    !rpcUrl && 'ACP_RPC_URL',
    !escrowAddress && 'ACP_ESCROW_ADDRESS',
    !providerPrivateKey && 'ACP_PROVIDER_PRIVATE_KEY',
    !evaluatorPrivateKey && 'ACP_EVALUATOR_PRIVATE_KEY',
  ].filter(Boolean);
  if (missing.length) return { off: `The ERC-8183 escrow rail is not configured (${missing.join(', ')} unset)` };
  return {
    escrow: getAddress(escrowAddress!),
    provider: privateKeyToAccount(providerPrivateKey as Hex).address,
    evaluator: privateKeyToAccount(evaluatorPrivateKey as Hex).address,
    providerKey: providerPrivateKey as Hex,
    evaluatorKey: evaluatorPrivateKey as Hex,
    rpcUrl: rpcUrl!,
    chainId,
  };
}

export const isRailOn = (rail: EscrowRail | { off: string }): rail is EscrowRail => !('off' in rail);

/** One line for the health probe: the rail on, or the settings it lacks. */
export function escrowRailStatus(config: AppConfig): string {
  const rail = escrowRailFor(config);
  return isRailOn(rail) ? 'ERC-8183 escrow rail on' : rail.off;
}
