/**
 * Why an x402 payment was refused, in a sentence a buyer can act on: the exact scheme's refusal codes
 * (v1 and v2 share them) explained against the terms the payment was checked against, and a failed
 * simulation or settlement diagnosed on chain (a used authorization nonce or a short balance), since
 * the library's own diagnosis needs Multicall3, which a bare anvil lacks. The code stays the x402 one
 * (the 402's `error`); anything the node or viem said is kept for our log, not the buyer.
 */
import type { PaymentRequirements } from '@x402/core/types';
import type { PaymentRequirementsV1 } from '@x402/core/types/v1';
import { getAddress, type Address, type Hex } from 'viem';
import { ServiceUnavailableError } from '../../../errors';
import type { ChainClient } from '../chain/client';
import { formatUsdc } from '../chain/usdc-payment';
import { refuse, type Eip3009Authorization, type X402Refusal } from './payment-payloads';

/** The terms a payment is checked against, whichever version's requirements state them. */
export interface Terms {
  scheme: string;
  network: string;
  amount: bigint;
  payTo: string;
  asset: string;
  extra?: Record<string, unknown>;
}

export const termsV1 = (r: PaymentRequirementsV1): Terms => ({ scheme: r.scheme, network: r.network, amount: BigInt(r.maxAmountRequired), payTo: r.payTo, asset: r.asset, extra: r.extra });
export const termsV2 = (r: PaymentRequirements): Terms => ({ scheme: r.scheme, network: r.network, amount: BigInt(r.amount), payTo: r.payTo, asset: r.asset, extra: r.extra });

const usdcBalanceAbi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'account', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  {
    type: 'function',
    name: 'authorizationState',
    stateMutability: 'view',
    inputs: [
      { name: 'authorizer', type: 'address' },
      { name: 'nonce', type: 'bytes32' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;

export const chainSilent = (cause: unknown) =>
  Object.assign(new ServiceUnavailableError('The chain RPC did not answer, so the x402 payment could not be checked; nothing was charged or executed. Retry shortly.'), { cause });

/** A sentence for the refusal `reason` of `auth` under `terms`; `transaction` when a settlement was sent and failed. */
export async function explainRefusal(client: ChainClient, reason: string, auth: Eip3009Authorization, terms: Terms, transaction?: string): Promise<X402Refusal> {
  switch (reason) {
    case 'invalid_exact_evm_authorization_value':
    case 'invalid_exact_evm_payload_authorization_value_mismatch':
      return refuse(reason, `the authorized amount ${formatUsdc(BigInt(auth.value))} USDC is not the ${formatUsdc(terms.amount)} USDC required (the exact scheme takes exactly the amount)`);
    case 'invalid_exact_evm_recipient_mismatch':
      return refuse(reason, `the authorization pays ${auth.to}, not the pay-to address ${terms.payTo}`);
    case 'invalid_exact_evm_signature':
      return refuse(reason, `the signature is not ${auth.from}'s EIP-712 TransferWithAuthorization signature over these terms (USDC domain "${String(terms.extra?.name)}" version "${String(terms.extra?.version)}", chain ${terms.network}, contract ${terms.asset})`);
    case 'invalid_exact_evm_payload_authorization_valid_before':
      return refuse(reason, `the authorization expires (validBefore ${auth.validBefore}) before it could be settled`);
    case 'invalid_exact_evm_payload_authorization_valid_after':
      return refuse(reason, `the authorization is not valid yet (validAfter ${auth.validAfter})`);
    case 'invalid_exact_evm_network_mismatch':
      return refuse(reason, `network must be "${terms.network}"`);
    case 'invalid_exact_evm_scheme':
      return refuse(reason, `scheme must be "${terms.scheme}"`);
    case 'eip6492_factory_not_allowed':
      return refuse(reason, 'the payer is a smart wallet not deployed yet; deploy it first (no ERC-6492 factory is accepted)');
  }
  const onChain = await diagnose(client, auth, terms);
  if (onChain) return onChain;
  // Settlement errors come back as the node's or viem's own text: kept for the log, not the buyer.
  const known = /^[a-z0-9_]+$/.test(reason);
  const code = known ? reason : 'invalid_exact_evm_transaction_failed';
  const cause = known ? undefined : reason;
  if (transaction) return { ...refuse(code, `the settlement transaction ${transaction} failed on chain; no USDC moved`), cause };
  return { ...refuse(code, `the transferWithAuthorization would not succeed on chain${known ? ` (${reason})` : ''}; no USDC moved`), cause };
}

/** Why a `transferWithAuthorization` fails, when the token can say: a used nonce or a short balance. */
async function diagnose(client: ChainClient, auth: Eip3009Authorization, terms: Terms): Promise<X402Refusal | undefined> {
  const { from, nonce } = auth;
  const asset = getAddress(terms.asset);
  let used: boolean;
  let balance: bigint;
  try {
    [used, balance] = await Promise.all([
      client.readContract({ address: asset, abi: usdcBalanceAbi, functionName: 'authorizationState', args: [from as Address, nonce as Hex] }),
      client.readContract({ address: asset, abi: usdcBalanceAbi, functionName: 'balanceOf', args: [from as Address] }),
    ]);
  } catch (err) {
    throw chainSilent(err);
  }
  if (used) return refuse('invalid_exact_evm_nonce_already_used', `this authorization (nonce ${nonce}) has already been used: an x402 payment is never accepted twice`);
  if (balance < terms.amount) return refuse('invalid_exact_evm_insufficient_balance', `${from} holds ${formatUsdc(balance)} USDC, less than the ${formatUsdc(terms.amount)} USDC required`);
  return undefined;
}
