/**
 * What an agent job costs, as x402 payment requirements (the `accepts` entry of a 402), in both
 * protocol versions we take: scheme `exact` (an EIP-3009 `transferWithAuthorization` of exactly the
 * amount), the configured chain (v1 by its network name, `base-sepolia` for 84532; v2 by its CAIP-2
 * id, `eip155:84532`), the amount in USDC's 6-decimal units (v1 `maxAmountRequired`, v2 `amount`),
 * the pay-to address, the USDC contract and its EIP-712 domain (name "USDC", version "2"), which the
 * buyer signs over. `@x402/evm`'s facilitators verify against exactly these objects.
 */
import type { Network, PaymentRequirements } from '@x402/core/types';
import type { PaymentRequirementsV1 } from '@x402/core/types/v1';
import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1';
import type { AppConfig } from '../../../config';
import { usdcUnits } from '../chain/usdc-payment';
import type { AcpService } from '../services';

/** The x402 version of `X-PAYMENT` (v1), which we still take. */
export const X402_VERSION = 1;
/** The x402 version of `PAYMENT-SIGNATURE` (v2, the recommended one). */
export const X402_VERSION_V2 = 2;
/** How long a signed authorization may take to reach us and settle. */
export const X402_MAX_TIMEOUT_SECONDS = 300;
/** USDC's EIP-712 domain on Base Sepolia, which TestUSDC reproduces on the local chain. */
export const USDC_EIP712_DOMAIN = { name: 'USDC', version: '2' } as const;

/**
 * The x402 v1 network name of an EVM chain id (`base-sepolia` for 84532), or its CAIP-2 id when v1
 * has no name for it. (`@x402/core` types every network as CAIP-2 `ns:ref`, v1 names included.)
 */
export function x402Network(chainId: number): Network {
  const v1Name = Object.entries(EVM_NETWORK_CHAIN_ID_MAP).find(([, id]) => id === chainId)?.[0];
  return (v1Name ?? `eip155:${chainId}`) as Network;
}

/** The CAIP-2 id of an EVM chain (`eip155:84532`), how x402 v2 names every network. */
export function caip2Network(chainId: number): Network {
  return `eip155:${chainId}` as Network;
}

export function acpPaymentRequirementsV2(config: AppConfig, amount: number): PaymentRequirements {
  return {
    scheme: 'exact',
    network: caip2Network(config.acp.chainId),
    asset: config.acp.usdcAddress,
    amount: usdcUnits(amount).toString(),
    payTo: config.acp.payTo,
    maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
    extra: { ...USDC_EIP712_DOMAIN },
  };
}

export function acpPaymentRequirements(config: AppConfig, service: Pick<AcpService, 'name'>, amount: number, resource: string): PaymentRequirementsV1 {
  return {
    scheme: 'exact',
    network: x402Network(config.acp.chainId),
    maxAmountRequired: usdcUnits(amount).toString(),
    resource,
    description: service.name,
    mimeType: 'application/json',
    outputSchema: { input: { type: 'http', method: 'POST', bodyType: 'json' }, output: null },
    payTo: config.acp.payTo,
    maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
    asset: config.acp.usdcAddress,
    extra: { ...USDC_EIP712_DOMAIN },
  };
}
