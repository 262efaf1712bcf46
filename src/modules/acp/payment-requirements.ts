/**
 * What a job costs when it is not free: the 402 answer in the x402 protocol's shape (version 1,
 * scheme `exact`: `x402Version`, `error`, `accepts`), so a buyer agent knows the asset (USDC),
 * network, amount in the token's units and the pay-to address, and can pay either the x402 way
 * (retry with an `X-PAYMENT` header carrying a signed EIP-3009 authorization) or by a direct
 * transfer whose hash it sends as `payment_tx_hash`.
 */
import type { PaymentRequirementsV1 } from '@x402/core/types/v1';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import type { AcpService } from './services';
import { acpPaymentRequirements, X402_VERSION } from './x402/requirements';

/** The x402 `error` of a 402 that asks for a payment no request has offered yet. */
export const PAYMENT_HEADER_REQUIRED = 'X-PAYMENT header is required';

export function paymentRequired(config: AppConfig, service: AcpService, amount: number, resource: string, why: string): AppError {
  return paymentRefused(
    acpPaymentRequirements(config, service, amount, resource),
    `${why} Pay ${amount} USDC to ${config.acp.payTo} on base_sepolia (USDC ${config.acp.usdcAddress}): retry with an X-PAYMENT header (x402: an EIP-3009 authorization of exactly that amount) or send a transfer's hash as payment_tx_hash. Nothing was executed.`,
    PAYMENT_HEADER_REQUIRED,
  );
}

/** A 402 with `detail` for people and the x402 body (`x402Version`, `error`, `accepts`) for agents. */
export function paymentRefused(requirements: PaymentRequirementsV1, detail: string, error: string): AppError {
  return new AppError(402, 'payment_required', detail, {}, { x402Version: X402_VERSION, error, accepts: [requirements] });
}
