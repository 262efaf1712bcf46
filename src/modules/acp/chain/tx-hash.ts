/**
 * Transaction hashes in their one canonical form: `0x` and 64 lower-case hex digits. Hex is
 * case-insensitive, so `0xABC…` and `0xabc…` name the same transaction; a hash stored or compared as
 * sent would let one transfer pay for a job once per spelling. Every hash we store, look up or put in
 * a unique column goes through here first (the x402 settlement and the direct transfer alike).
 */
import type { Hex } from 'viem';

export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** The canonical spelling of a transaction hash; throws on anything that is not one. */
export function canonicalTxHash(hash: string): Hex {
  if (!TX_HASH_PATTERN.test(hash)) throw new RangeError(`not a transaction hash (0x and 64 hex digits): ${hash}`);
  return hash.toLowerCase() as Hex;
}
