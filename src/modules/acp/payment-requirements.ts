/**
 * What a job costs when it is not free: the 402 answer in the x402 protocol's shapes, so a buyer agent
 * knows the asset (USDC), network, amount in the token's units and the pay-to address whichever x402
 * version it speaks. The `PAYMENT-REQUIRED` header holds the x402 v2 `PaymentRequired` (CAIP-2
 * network, the service's `bazaar` description, `payment-identifier`); the body holds the x402 v1 one
 * (`x402Version`, `error`, `accepts`) beside the problem's `detail`, so a v1 client works unchanged.
 * The agent then pays the x402 way (retry with `PAYMENT-SIGNATURE`, v2, or `X-PAYMENT`, v1, carrying a
 * signed EIP-3009 authorization) or by a direct transfer whose hash it sends as `payment_tx_hash`.
 */
import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import type { PaymentRequirementsV1 } from '@x402/core/types/v1';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import type { AcpService } from './services';
import { acpPaymentRequiredV2 } from './x402/discovery';
import { acpPaymentRequirements, X402_VERSION } from './x402/requirements';

/** The x402 `error` of a 402 that asks for a payment no request has offered yet (v1 body). */
export const PAYMENT_HEADER_REQUIRED = 'X-PAYMENT header is required';
/** The same, in the v2 `PAYMENT-REQUIRED` header. */
export const PAYMENT_SIGNATURE_REQUIRED = 'PAYMENT-SIGNATURE header is required';
export const PAYMENT_REQUIRED_HEADER = 'PAYMENT-REQUIRED';

export function paymentRequired(config: AppConfig, service: AcpService, amount: number, resource: string, why: string): AppError {
  return paymentRefused(
    acpPaymentRequirements(config, service, amount, resource),
    `${why} Pay ${amount} USDC to ${config.acp.payTo} on base_sepolia (USDC ${config.acp.usdcAddress}): retry with a PAYMENT-SIGNATURE header (x402 v2, requirements in the PAYMENT-REQUIRED header) or an X-PAYMENT header (x402 v1, requirements in accepts), each an EIP-3009 authorization of exactly that amount, or send a transfer's hash as payment_tx_hash. Nothing was executed.`,
    PAYMENT_HEADER_REQUIRED,
    acpPaymentRequiredV2(config, service, amount, resource, PAYMENT_SIGNATURE_REQUIRED),
  );
}

/**
 * A 402 with `detail` for people and the x402 v1 body (`x402Version`, `error`, `accepts`) for agents;
 * with `v2`, also the x402 v2 `PaymentRequired` in the `PAYMENT-REQUIRED` header.
 */
export function paymentRefused(requirements: PaymentRequirementsV1, detail: string, error: string, v2?: PaymentRequired): AppError {
  const headers: Record<string, string> = v2 ? { [PAYMENT_REQUIRED_HEADER]: encodePaymentRequiredHeader(v2) } : {};
  return new AppError(402, 'payment_required', detail, headers, { x402Version: X402_VERSION, error, accepts: [requirements] });
}

/** A refused x402 v2 payment: the `PaymentRequired` (its `error` the x402 reason) in the `PAYMENT-REQUIRED` header and in the body. */
export function paymentRefusedV2(required: PaymentRequired, detail: string): AppError {
  return new AppError(402, 'payment_required', detail, { [PAYMENT_REQUIRED_HEADER]: encodePaymentRequiredHeader(required) }, { ...required });
}
