/**
 * The x402 v2 rail as Koa middleware (x402 has no official Koa middleware; this follows its v2 HTTP
 * transport). The 402 carries the `PaymentRequired` in the `PAYMENT-REQUIRED` header (see
 * payment-requirements.ts); the buyer retries with `PAYMENT-SIGNATURE`, base64 of the JSON payment
 * payload (`x402Version: 2`, `accepted`: the requirements it chose, `payload`: an EIP-3009
 * authorization and its signature, `extensions`: what it echoes, such as `payment-identifier`). The
 * middleware decodes it and checks, before anything is asked of the chain, its shape, that `accepted`
 * is what we asked and that the job's buyer signed it; then, when it names a payment identifier,
 * claims that id (payment-identifiers.ts: a retry of a request that already paid is answered with the
 * job it paid for, without settling anything; another request under the same id is a 409); then has
 * the in-process facilitator verify and settle it, sets `PAYMENT-RESPONSE` (base64 of the settlement:
 * `success`, `transaction`, `network`, `payer`) and only then calls `next` with the settlement. A
 * payment that fails any step is answered 402 with the `PaymentRequired` (its `error` the x402 reason)
 * in the header and the body, and a `detail` saying why; `next` never runs.
 */
import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { extractAndValidatePaymentIdentifier } from '@x402/extensions/payment-identifier';
import { getAddress, isAddressEqual, type Address } from 'viem';
import { AppError, ServiceUnavailableError } from '../../errors';
import { paymentRefusedV2 } from '../../modules/acp/payment-requirements';
import { X402Facilitator, type ExactPaymentPayloadV2, type X402Refusal, type X402SettledV2 } from '../../modules/acp/x402/facilitator';
import { claimPaymentIdentifier, recordIdentifierSettlement, releasePaymentIdentifier } from '../../modules/acp/x402/payment-identifiers';
import type { AppContext } from '../context';
import type { X402PaywallOptions } from './x402';

export const PAYMENT_SIGNATURE_HEADER = 'PAYMENT-SIGNATURE';
export const PAYMENT_RESPONSE_HEADER_V2 = 'PAYMENT-RESPONSE';
/**
 * A v2 payload echoes the 402's extensions (the service's bazaar schemas among them), so it runs to a
 * few kilobytes; a larger header is refused before decoding (Node's own limit on all headers is 16 KiB).
 */
const MAX_HEADER_LENGTH = 14_336;

export type X402SettlementV2 = X402SettledV2['response'];

/** The v1 paywall's facilitator and payer, and v2's own terms. */
export interface X402PaywallV2Options extends Omit<X402PaywallOptions, 'requirements'> {
  /** What this request's job costs (the `accepts` entry of its `PAYMENT-REQUIRED`), which the payment must meet. */
  requirements: PaymentRequirements;
  /** The job's `PaymentRequired` with `error` set to the reason a payment was refused. */
  required: (error: string) => PaymentRequired;
  /** What makes a retry under the same payment identifier the same request (payment-identifiers.ts). */
  requestSha256: string;
  /** Answers a retry whose payment identifier already paid with the job that settlement paid for; false when no job was recorded for it. */
  replay: (settlementTx: string) => Promise<boolean>;
}

/** Whether the request offers an x402 v2 payment (a `PAYMENT-SIGNATURE` header, whatever its content). */
export function offersX402PaymentV2(ctx: AppContext): boolean {
  return ctx.get(PAYMENT_SIGNATURE_HEADER) !== '';
}

/** The v2 paywall for one request: `(ctx, next)`, where `next` receives the settled payment. */
export function x402PaywallV2(options: X402PaywallV2Options) {
  const { facilitator, requirements } = options;
  const refuse = (refusal: Pick<X402Refusal, 'reason' | 'message'>) => paymentRefusedV2(options.required(refusal.reason), `The x402 payment was not accepted: ${refusal.message}. Nothing was executed.`);

  return async (ctx: AppContext, next: (settlement: X402SettlementV2) => Promise<void>): Promise<void> => {
    const header = ctx.get(PAYMENT_SIGNATURE_HEADER).trim();
    if (!facilitator) {
      throw new ServiceUnavailableError(
        'The x402 rail is not configured here (no facilitator key), so the PAYMENT-SIGNATURE header was not used and nothing was charged or executed; pay by a direct USDC transfer (payment_tx_hash) instead.',
      );
    }
    if (header.length > MAX_HEADER_LENGTH) throw refuse({ reason: 'invalid_payload', message: `the PAYMENT-SIGNATURE header is longer than ${MAX_HEADER_LENGTH} characters` });
    let decoded: unknown;
    try {
      decoded = decodePaymentSignatureHeader(header);
    } catch {
      throw refuse({ reason: 'invalid_payload', message: 'the PAYMENT-SIGNATURE header is not base64-encoded JSON (x402 v2: base64 of the payment payload)' });
    }
    const parsed = facilitator.parseV2(decoded);
    if (!parsed.ok) throw refuse(parsed);
    const payment = parsed.payment;
    const mismatch = X402Facilitator.acceptedMismatch(payment, requirements);
    if (mismatch) throw refuse(mismatch);
    const from = getAddress(payment.payload.authorization.from);
    if (!isAddressEqual(from, getAddress(options.payer) as Address)) {
      throw refuse({ reason: 'invalid_payer', message: `the authorization is signed by ${from}, not by the job's buyer_agent_address ${options.payer}` });
    }

    const { id, validation } = extractAndValidatePaymentIdentifier(payment as unknown as PaymentPayload);
    if (!validation.valid) throw refuse({ reason: 'invalid_payload', message: `its payment-identifier extension is not valid (${(validation.errors ?? []).join('; ')}): an id is 16 to 128 letters, digits, hyphens or underscores` });
    if (id) {
      const claimed = await claimPaymentIdentifier(ctx.state.em, { paymentId: id, requestSha256: options.requestSha256, payer: from, authorizationNonce: payment.payload.authorization.nonce });
      if (claimed.kind === 'conflict') {
        throw new AppError(409, 'payment_identifier_conflict', `The payment identifier ${id} was already used for another job or payer, and an identifier pays for one request only; nothing was charged or executed. Use a new identifier for a new job.`);
      }
      if (claimed.kind === 'in_flight') {
        throw new AppError(
          409,
          'payment_identifier_in_use',
          `The payment identifier ${id} is being paid by another request (claimed at ${claimed.claimedAt}); nothing was charged or executed by this one. Retry shortly with the same identifier to get its job.`,
        );
      }
      if (claimed.kind === 'paid') return replay(ctx, payment, id, claimed.settlementTx);
    }

    let settled: X402SettledV2 | X402Refusal;
    try {
      const verified = await facilitator.verifyV2(payment, requirements);
      if (!verified.ok) {
        if (verified.cause) ctx.state.log?.warn({ reason: verified.reason, cause: verified.cause }, 'x402 v2 payment not verified');
        if (id) await releasePaymentIdentifier(ctx.state.em, id);
        throw refuse(verified);
      }
      settled = await facilitator.settleV2(verified.payment, requirements);
    } catch (err) {
      // Verification failed to run (the RPC): no funds moved. A settlement that threw keeps its claim: it may have moved them.
      if (id && err instanceof ServiceUnavailableError) await releasePaymentIdentifier(ctx.state.em, id);
      throw err;
    }
    if (!settled.ok) {
      ctx.state.log?.warn({ reason: settled.reason, cause: settled.cause, payer: from }, 'x402 v2 payment not settled');
      if (id && settled.reason !== 'settlement_pending') await releasePaymentIdentifier(ctx.state.em, id);
      throw refuse(settled);
    }
    ctx.state.log?.info({ transaction: settled.response.transaction, payer: settled.response.payer, paymentId: id }, 'x402 v2 payment settled');
    // Set before anything else is written: whatever happens next, the buyer learns where its payment went.
    ctx.set(PAYMENT_RESPONSE_HEADER_V2, encodePaymentResponseHeader(settled.response as SettleResponse));
    if (id) {
      try {
        await recordIdentifierSettlement(ctx.state.em, id, settled.response.transaction);
      } catch (err) {
        // The funds moved: the job is still recorded (or its failure answered with the transaction to reuse); the claim stays unsettled.
        ctx.state.log?.error({ err, paymentId: id, transaction: settled.response.transaction }, 'x402 payment identifier settlement not recorded');
      }
    }
    await next(settled.response);
  };

  /** A retry of a request whose identifier already paid: the first job, once the retry proves it comes from the payer. */
  async function replay(ctx: AppContext, payment: ExactPaymentPayloadV2, id: string, settlementTx: string): Promise<void> {
    if (!(await facilitator!.isSignedByPayer(payment, requirements))) {
      throw refuse({ reason: 'invalid_exact_evm_signature', message: `the authorization is not ${payment.payload.authorization.from}'s signature, so it cannot claim the job payment identifier ${id} paid for` });
    }
    const response: SettleResponse = { success: true, transaction: settlementTx, network: requirements.network, payer: getAddress(payment.payload.authorization.from) };
    ctx.set(PAYMENT_RESPONSE_HEADER_V2, encodePaymentResponseHeader(response));
    if (await options.replay(settlementTx)) return;
    throw new AppError(
      409,
      'payment_identifier_in_use',
      `The payment identifier ${id} paid in transaction ${settlementTx}, but its job was not recorded, so nothing was executed. Submit the job with payment_tx_hash ${settlementTx}, signed as docs/agent-commerce.md says (buyer_signature, signature_expires_at), and no payment header to use that payment.`,
    );
  }
}
