/**
 * What a job costs when it is not free: the 402 answer in the x402 protocol's shape (version 1,
 * scheme `exact`), so a buyer agent knows the asset (USDC), network, amount in the token's units and
 * the pay-to address, and can pay by a direct transfer (`payment_tx_hash`) meanwhile.
 */
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { usdcUnits } from './chain/usdc-payment';
import type { AcpService } from './services';

export function paymentRequired(config: AppConfig, service: AcpService, amount: number, resource: string, why: string): AppError {
  return new AppError(
    402,
    'payment_required',
    `${why} Pay ${amount} USDC to ${config.acp.payTo} on base_sepolia (USDC ${config.acp.usdcAddress}) and send the transfer's hash as payment_tx_hash. Nothing was executed.`,
    {},
    {
      x402Version: 1,
      accepts: [
        {
          scheme: 'exact',
          network: 'base-sepolia',
          maxAmountRequired: usdcUnits(amount).toString(),
          resource,
          description: service.name,
          mimeType: 'application/json',
          payTo: config.acp.payTo,
          maxTimeoutSeconds: 300,
          asset: config.acp.usdcAddress,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    },
  );
}
