/**
 * A buyer agent's signature of a direct-transfer job, as docs/agent-commerce.md tells an agent to make
 * it: EIP-712 typed data signed with the buyer's key (viem's `signTypedData`), over the very fields the
 * request carries. Tests and the benchmark sign through here; the refusals change one term.
 */
import type { Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { agentJobTypedData } from '../../src/modules/acp/buyer-signature';

export const TEST_CHAIN_ID = 84_532;

export interface TransferJob {
  service_id: string;
  buyer_agent_address: string;
  usdc_amount: number;
  payload: Record<string, unknown>;
  payment_tx_hash: string;
}

/**
 * The request body with `buyer_signature` and `signature_expires_at` added, signed by `signer` (the
 * buyer, unless a test signs with another key). The hash is signed in lower case, as we verify it.
 */
export async function signedTransferJob<T extends TransferJob>(
  signer: PrivateKeyAccount,
  job: T,
  options: { payTo: string; expiresInSeconds?: number; chainId?: number } ,
): Promise<T & { buyer_signature: Hex; signature_expires_at: number }> {
  const signature_expires_at = Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 600);
  const typed = agentJobTypedData(options.chainId ?? TEST_CHAIN_ID, options.payTo, { ...job, payment_tx_hash: job.payment_tx_hash.toLowerCase(), signature_expires_at });
  const buyer_signature = await signer.signTypedData(typed);
  return { ...job, buyer_signature, signature_expires_at };
}
