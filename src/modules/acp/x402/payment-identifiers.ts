/**
 * The x402 `payment-identifier` extension on agent jobs: a buyer names its payment with an id and
 * reuses it when it retries, and the id pays once. The extension's rules: a new id is processed; the
 * same id for the same request gets the first answer (the job it paid for; a retried authorization is
 * never submitted, so no funds move); the same id for another request is a 409. "The same request" is
 * the same job (service, buyer, amount, chain, payload, buyer agent id: `request_sha256`) from the same
 * payer: `@x402/fetch` signs a fresh authorization (a new nonce) for every attempt, so the
 * authorization itself cannot be what makes a retry the same.
 *
 * The id is claimed (the table's primary key) before the payment is verified or settled, so two
 * requests racing with one id can never both settle: the second finds the claim and is answered 409
 * while the first is in flight. A claim whose payment was refused before any funds moved is released.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/sql';
import { canonicalJson, sha256 } from '../../../integrity/canonical-json';
import { canonicalTxHash } from '../chain/tx-hash';
import type { AcpJobRequest } from '../job-request';

export interface PaymentIdentifierClaim {
  paymentId: string;
  requestSha256: string;
  payer: string;
  authorizationNonce: string;
}

export type ClaimOutcome =
  /** A new id: go on and verify and settle the payment. */
  | { kind: 'claimed' }
  /** The same request already paid: answer with the job its settlement paid for. */
  | { kind: 'paid'; settlementTx: string }
  /** The same request, still being paid by another call (or stopped mid-way: see the detail). */
  | { kind: 'in_flight'; claimedAt: string }
  /** Another request (or payer) already used this id. */
  | { kind: 'conflict' };

/** What makes two payments with one id the same request: the job they pay for and who pays. */
export function jobRequestSha256(body: AcpJobRequest): string {
  const { service_id, buyer_agent_address, usdc_amount, chain, payload, buyer_agent_id } = body;
  return sha256(canonicalJson({ service_id, buyer_agent_address: buyer_agent_address.toLowerCase(), usdc_amount, chain, payload, buyer_agent_id }));
}

export async function claimPaymentIdentifier(em: EntityManager, claim: PaymentIdentifierClaim): Promise<ClaimOutcome> {
  const inserted = await sql<{ payment_id: string }[]>(
    em,
    `insert into x402_payment_identifiers (payment_id, request_sha256, payer, authorization_nonce) values (?, ?, ?, ?)
     on conflict (payment_id) do nothing returning payment_id`,
    [claim.paymentId, claim.requestSha256, claim.payer.toLowerCase(), claim.authorizationNonce.toLowerCase()],
  );
  if (inserted.length > 0) return { kind: 'claimed' };
  const [row] = await sql<{ request_sha256: string; payer: string; settlement_tx: string | null; claimed_at: Date }[]>(
    em,
    'select request_sha256, payer, settlement_tx, claimed_at from x402_payment_identifiers where payment_id = ?',
    [claim.paymentId],
  );
  // Released between our insert and this read: the id is free again, and taking it is one more try.
  if (!row) return claimPaymentIdentifier(em, claim);
  if (row.request_sha256 !== claim.requestSha256 || row.payer !== claim.payer.toLowerCase()) return { kind: 'conflict' };
  if (row.settlement_tx !== null) return { kind: 'paid', settlementTx: row.settlement_tx };
  return { kind: 'in_flight', claimedAt: new Date(row.claimed_at).toISOString() };
}

/** The claim's payment settled in `txHash`: from now on the id answers with that payment's job. */
export async function recordIdentifierSettlement(em: EntityManager, paymentId: string, txHash: string): Promise<void> {
  await sql(em, 'update x402_payment_identifiers set settlement_tx = ?, settled_at = now() where payment_id = ? and settlement_tx is null', [canonicalTxHash(txHash), paymentId]);
}

/** The claim's payment was refused before any funds moved: the id may be used again. */
export async function releasePaymentIdentifier(em: EntityManager, paymentId: string): Promise<void> {
  await sql(em, 'delete from x402_payment_identifiers where payment_id = ? and settlement_tx is null', [paymentId]);
}
