/**
 * The x402 rail as Koa middleware (x402 has no official Koa middleware; this follows its v1
 * HTTP transport): a request that offers a payment carries `X-PAYMENT`, base64 of the JSON payment
 * payload (`x402Version: 1`, `scheme: "exact"`, `network`, `payload: { signature, authorization }`,
 * the authorization an EIP-3009 `transferWithAuthorization` signed by the buyer). The middleware
 * decodes it, has the in-process facilitator verify it against the job's requirements, checks it is
 * signed by the job's buyer, settles it on chain, sets `X-PAYMENT-RESPONSE` (base64 of the JSON
 * settlement response: `success`, `transaction`, `network`, `payer`) and only then calls `next`
 * with the settlement, which records the job under the settlement's transaction hash and runs it.
 * A payment that fails any step is answered 402 with the x402 body (`x402Version`, `error`,
 * `accepts`) and a `detail` saying why; `next` never runs, so nothing is recorded or executed.
 *
 * Its requirements depend on the job (service and amount), known once the body is validated, so a
 * route builds the paywall for its request and runs its work as `next`.
 */
import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import type { PaymentRequirementsV1 } from '@x402/core/types/v1';
import { getAddress, isAddressEqual, type Address } from 'viem';
import { ServiceUnavailableError } from '../../errors';
import { paymentRefused } from '../../modules/acp/payment-requirements';
import type { X402Facilitator, X402Settled } from '../../modules/acp/x402/facilitator';
import type { AppContext } from '../context';

export const PAYMENT_HEADER = 'X-PAYMENT';
export const PAYMENT_RESPONSE_HEADER = 'X-PAYMENT-RESPONSE';
/** Far above any real payload (a few hundred bytes): a larger header is refused before decoding. */
const MAX_HEADER_LENGTH = 8_192;

export type X402Settlement = X402Settled['response'];

export interface X402PaywallOptions {
  /** The in-process facilitator; none when no facilitator key is configured (the rail is then off: 503). */
  facilitator: X402Facilitator | undefined;
  /** What this request's job costs (the 402's `accepts` entry), which the payment must meet. */
  requirements: PaymentRequirementsV1;
  /** The job's buyer: the authorization must be signed by this wallet. */
  payer: string;
}

/** Whether the request offers an x402 payment (an `X-PAYMENT` header, whatever its content). */
export function offersX402Payment(ctx: AppContext): boolean {
  return ctx.get(PAYMENT_HEADER) !== '';
}

/** The paywall for one request: `(ctx, next)`, where `next` receives the settled payment. */
export function x402Paywall(options: X402PaywallOptions) {
  const { facilitator, requirements } = options;
  const refuse = (error: string, why: string) => paymentRefused(requirements, `The x402 payment was not accepted: ${why}. Nothing was executed.`, error);

  return async (ctx: AppContext, next: (settlement: X402Settlement) => Promise<void>): Promise<void> => {
    const header = ctx.get(PAYMENT_HEADER).trim();
    if (!header) throw paymentRefused(requirements, 'An X-PAYMENT header is required. Nothing was executed.', 'X-PAYMENT header is required');
    if (!facilitator) {
      throw new ServiceUnavailableError(
        'The x402 rail is not configured here (no facilitator key), so the X-PAYMENT header was not used and nothing was charged or executed; pay by a direct USDC transfer (payment_tx_hash) instead.',
      );
    }
    if (header.length > MAX_HEADER_LENGTH) throw refuse('invalid_payload', `the X-PAYMENT header is longer than ${MAX_HEADER_LENGTH} characters`);
    let decoded: unknown;
    try {
      decoded = decodePaymentSignatureHeader(header);
    } catch {
      throw refuse('invalid_payload', 'the X-PAYMENT header is not base64-encoded JSON (x402 v1: base64 of the payment payload)');
    }

    const verified = await facilitator.verify(decoded, requirements);
    if (!verified.ok) {
      if (verified.cause) ctx.state.log?.warn({ reason: verified.reason, cause: verified.cause }, 'x402 payment not verified');
      throw refuse(verified.reason, verified.message);
    }
    if (!isAddressEqual(verified.payer, getAddress(options.payer) as Address)) {
      throw refuse('invalid_payer', `the authorization is signed by ${verified.payer}, not by the job's buyer_agent_address ${options.payer}`);
    }

    const settled = await facilitator.settle(verified.payment, requirements);
    if (!settled.ok) {
      ctx.state.log?.warn({ reason: settled.reason, cause: settled.cause, payer: verified.payer }, 'x402 payment not settled');
      throw refuse(settled.reason, settled.message);
    }
    ctx.state.log?.info({ transaction: settled.response.transaction, payer: settled.response.payer }, 'x402 payment settled');
    // Set before the work runs: whatever happens to the job, the buyer learns where its payment went.
    ctx.set(PAYMENT_RESPONSE_HEADER, encodePaymentResponseHeader(settled.response as SettleResponse));
    await next(settled.response);
  };
}
