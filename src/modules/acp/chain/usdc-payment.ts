/**
 * Verification of a direct USDC payment for an agent job: `payment_tx_hash` must be a successful
 * transaction, with the configured confirmations, whose receipt holds an ERC-20 `Transfer` log emitted
 * by the USDC contract from the buyer's wallet to our pay-to address of at least the price. The
 * `Transfer`'s `from` is the token holder, not the transaction's sender, so a transfer a relayer
 * submits for the buyer (EIP-3009 `transferWithAuthorization`) counts as the buyer's. Uniqueness of
 * the hash (never accepted twice) is the caller's job, in the database.
 */
import {
  erc20Abi,
  formatUnits,
  parseEventLogs,
  parseUnits,
  TransactionReceiptNotFoundError,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import type { ChainClient } from './client';

export const USDC_DECIMALS = 6;

/** USDC amount → base units (6 decimals), rounded half-up to the unit without floating error. */
export function usdcUnits(amount: number): bigint {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`not a USDC amount: ${amount}`);
  if (amount > 1e15) throw new RangeError(`USDC amount too large: ${amount}`);
  // String() is the shortest decimal that reads back as the same number (what the caller wrote);
  // below 1e-6 it uses an exponent, which toFixed turns back into plain digits.
  const text = String(amount);
  return parseUnits(/e/i.test(text) ? amount.toFixed(12) : text, USDC_DECIMALS);
}

/** Base units → a decimal USDC string without trailing zeros ('1.5', '3'). */
export function formatUsdc(units: bigint): string {
  return formatUnits(units, USDC_DECIMALS);
}

export interface UsdcTransferCheck {
  txHash: string;
  /** The buyer's wallet: the `Transfer`'s `from`. */
  from: string;
  payTo: string;
  usdcAddress: string;
  minAmountUnits: bigint;
  /** Blocks including the transaction's own; 0 or 1 both accept a transaction in the latest block. */
  confirmations: number;
}

export type UsdcTransferResult =
  | { ok: true; amountUnits: bigint; blockNumber: bigint }
  /** `retryable`: the same hash may pass later (not mined yet, or too few confirmations). */
  | { ok: false; reason: string; retryable: boolean };

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function refuse(reason: string, retryable = false): UsdcTransferResult {
  return { ok: false, reason, retryable };
}

/**
 * Checks a direct USDC transfer against the chain. Refusals come back as `{ ok: false, reason }`;
 * an RPC failure (node unreachable) is thrown, since it says nothing about the payment.
 */
export async function verifyUsdcTransfer(client: Pick<ChainClient, 'getTransactionReceipt' | 'getBlockNumber'>, check: UsdcTransferCheck): Promise<UsdcTransferResult> {
  if (!TX_HASH.test(check.txHash)) return refuse('not a transaction hash (0x and 64 hex digits)');
  for (const [field, value] of [['from', check.from], ['payTo', check.payTo], ['usdcAddress', check.usdcAddress]] as const) {
    if (!ADDRESS.test(value)) throw new Error(`${field} is not an EVM address: ${value}`);
  }
  // Compared in lower case: a configured address need not carry a valid EIP-55 checksum.
  const from = check.from.toLowerCase();
  const payTo = check.payTo.toLowerCase();
  const usdc = check.usdcAddress.toLowerCase();

  let receipt: TransactionReceipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: check.txHash as Hex });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return refuse('transaction not found', true);
    throw error;
  }
  if (receipt.status !== 'success') return refuse('transaction reverted');

  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter((log) => log.address.toLowerCase() === usdc);
  const toPayTo = transfers.filter((log) => log.args.to.toLowerCase() === payTo);
  if (toPayTo.length === 0) return refuse('no USDC Transfer to the pay-to address');
  const fromBuyer = toPayTo.filter((log) => log.args.from.toLowerCase() === from);
  if (fromBuyer.length === 0) return refuse('sent from another wallet');
  const amountUnits = fromBuyer.reduce((sum, log) => sum + log.args.value, 0n);
  if (amountUnits < check.minAmountUnits) {
    return refuse(`amount ${formatUsdc(amountUnits)} USDC is below the ${formatUsdc(check.minAmountUnits)} USDC required`);
  }

  // Last, because it is the one refusal that passes with time.
  const required = BigInt(Math.max(check.confirmations, 1));
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = head >= receipt.blockNumber ? head - receipt.blockNumber + 1n : 0n;
  if (confirmations < required) return refuse(`not enough confirmations (${confirmations} of ${required})`, true);

  return { ok: true, amountUnits, blockNumber: receipt.blockNumber };
}
