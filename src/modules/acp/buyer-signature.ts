/**
 * Proof that the caller of the direct-transfer rail controls `buyer_agent_address`: an EIP-712
 * signature by that wallet over the job it pays for (service, amount, payload hash, the transfer's
 * hash, our pay-to address) and an expiry. A transfer on chain is public, so without it anyone watching
 * the chain could submit a buyer's transfer hash under the buyer's address, for a job of their choosing,
 * before the buyer does. The x402 rail needs none of this: its EIP-3009 authorization is already signed
 * by the buyer over the exact payment.
 *
 * Verified with viem: an ordinary wallet's signature is recovered locally (no RPC call on the paying
 * path); any other is checked with `verifyTypedData` on the chain client, which asks a smart-contract
 * wallet through ERC-1271/ERC-6492.
 */
import { canonicalJson, sha256 } from '../../integrity/canonical-json';
import { AppError } from '../../errors';
import type { ChainClient } from './chain/client';
import { usdcUnits } from './chain/usdc-payment';
import { recoverTypedDataAddress, type Address, type Hex } from 'viem';

/** How far ahead a signature may expire: long enough to wait for confirmations and retry, short enough not to linger. */
export const MAX_SIGNATURE_LIFETIME_SECONDS = 24 * 3600;

export const AGENT_JOB_DOMAIN_NAME = 'Compliance Intelligence agent jobs';
export const AGENT_JOB_DOMAIN_VERSION = '1';

/** The EIP-712 types a buyer signs (primary type `AgentJob`); published in docs/agent-commerce.md and the manifest. */
export const agentJobTypes = {
  AgentJob: [
    { name: 'service_id', type: 'string' },
    { name: 'buyer', type: 'address' },
    { name: 'usdc_amount', type: 'uint256' },
    { name: 'payload_hash', type: 'bytes32' },
    { name: 'payment_tx_hash', type: 'bytes32' },
    { name: 'pay_to', type: 'address' },
    { name: 'expires_at', type: 'uint256' },
  ],
} as const;

export interface SignedJob {
  service_id: string;
  buyer_agent_address: string;
  usdc_amount: number;
  payload: Record<string, unknown>;
  /** Canonical (lower case). */
  payment_tx_hash: string;
  signature_expires_at: number;
}

/** `0x` + SHA-256 of the payload's canonical JSON (keys sorted at every level, no whitespace): what the buyer signs for the payload. */
export function payloadHash(payload: Record<string, unknown>): Hex {
  return `0x${sha256(canonicalJson(payload))}`;
}

/** The typed data of a job, as the buyer signs it and we verify it. */
export function agentJobTypedData(chainId: number, payTo: string, job: SignedJob) {
  return {
    domain: { name: AGENT_JOB_DOMAIN_NAME, version: AGENT_JOB_DOMAIN_VERSION, chainId },
    types: agentJobTypes,
    primaryType: 'AgentJob' as const,
    message: {
      service_id: job.service_id,
      buyer: job.buyer_agent_address as Address,
      usdc_amount: usdcUnits(job.usdc_amount),
      payload_hash: payloadHash(job.payload),
      payment_tx_hash: job.payment_tx_hash as Hex,
      pay_to: payTo as Address,
      expires_at: BigInt(job.signature_expires_at),
    },
  };
}

/** The EOA that made an ECDSA signature of the typed data, lower case, or undefined when it is not one. */
async function recoveredSigner(typed: ReturnType<typeof agentJobTypedData>, signature: Hex): Promise<string | undefined> {
  try {
    return (await recoverTypedDataAddress({ ...typed, signature })).toLowerCase();
  } catch {
    return undefined;
  }
}

const refused = (type: string, detail: string) => new AppError(403, type, `${detail} Nothing was executed or charged.`);

/**
 * Refuses (403) a signature that has expired, expires too far ahead, or was not made by the buyer's
 * wallet over exactly this job. RPC failures (a smart-wallet check that cannot reach the node) are thrown.
 */
export async function checkBuyerSignature(chain: Pick<ChainClient, 'verifyTypedData'>, chainId: number, payTo: string, job: SignedJob, signature: Hex, now = new Date()): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (job.signature_expires_at <= nowSeconds) {
    throw refused('buyer_signature_expired', `The buyer_signature expired at ${new Date(job.signature_expires_at * 1000).toISOString()}; sign the job again with a later signature_expires_at.`);
  }
  if (job.signature_expires_at > nowSeconds + MAX_SIGNATURE_LIFETIME_SECONDS) {
    throw refused('buyer_signature_expiry_too_far', `signature_expires_at may be at most ${MAX_SIGNATURE_LIFETIME_SECONDS} seconds ahead.`);
  }
  const typed = agentJobTypedData(chainId, payTo, job);
  const valid = (await recoveredSigner(typed, signature)) === job.buyer_agent_address.toLowerCase() || (await chain.verifyTypedData({ address: job.buyer_agent_address as Address, signature, ...typed }));
  if (!valid) {
    throw refused(
      'buyer_signature_invalid',
      `The buyer_signature is not ${job.buyer_agent_address}'s EIP-712 signature of this job (AgentJob: service_id, buyer, usdc_amount, payload_hash, payment_tx_hash, pay_to, expires_at; domain "${AGENT_JOB_DOMAIN_NAME}" version ${AGENT_JOB_DOMAIN_VERSION}, chain id ${chainId}), so this request does not prove control of the paying wallet.`,
    );
  }
}
