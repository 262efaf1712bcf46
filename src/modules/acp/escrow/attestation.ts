/**
 * What we put on chain as ERC-8183 `bytes32` values: a deliverable's SHA-256 (which the job record
 * keeps as hex), and attestations (a verdict, a bond's outcome) as the SHA-256 of their canonical JSON,
 * so anyone holding the record can recompute the hash the escrow contract stores.
 */
import type { Hex } from 'viem';
import { canonicalJson, sha256 } from '../../../integrity/canonical-json';

/** A SHA-256 in hex as the `bytes32` the contracts take. */
export const asBytes32 = (sha256Hex: string): Hex => `0x${sha256Hex}`;

export const attestationHash = (value: unknown): Hex => asBytes32(sha256(canonicalJson(value)));
