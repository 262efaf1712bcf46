/**
 * A buyer wallet's standing under the abuse policy (extension, documented in docs/agent-commerce.md):
 * its status, whether it is on the blocklist, its verification bond, the flags with their evidence and
 * the bond's history; and where a flagged wallet posts its bond. Public, like the job endpoints: the
 * wallet is the identity, and what is shown is what the wallet itself is told when refused.
 */
import { getAddress, isAddress } from 'viem';
import type { BondService } from '../../../modules/acp/bond/bond.service';
import { ValidationError } from '../../../errors';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';

const WalletParams = z.object({ address: z.string().max(64).openapi({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }) });

const WalletStandingSchema = z
  .object({
    address: z.string(),
    status: z.enum(['clear', 'bond_required', 'under_verification', 'forfeited']),
    blocklisted: z.boolean(),
    degraded: z.boolean().openapi({ description: 'Jobs run now get lowered confidence scores, marked in `result.verification`' }),
    per_wallet_limit_per_minute: z.number().int(),
    bond: z
      .object({
        required_usdc: z.number().nullable(),
        escrow_contract: z.string().nullable(),
        escrow_job_id: z.string().nullable(),
        provider: z.string().nullable(),
        evaluator: z.string().nullable(),
        description: z.string(),
        min_expiry_seconds: z.number().int(),
        posted_at: z.string().nullable(),
        clean_window_ends_at: z.string().nullable(),
        flagged_at: z.string().nullable(),
      })
      .nullable(),
    workflow_id: z.string().nullable().openapi({ description: 'The `bond-<wallet>` workflow, for operators (Temporal Web UI)' }),
    flags: z.array(z.object({ id: z.string(), rule: z.string(), pattern: z.string(), summary: z.string(), job_ids: z.array(z.string()), evidence: z.record(z.string(), z.unknown()), created_at: z.string() })),
    history: z.array(z.object({ event: z.string(), detail: z.record(z.string(), z.unknown()), created_at: z.string() })),
  })
  .openapi('AcpWalletStanding');

const BondPostSchema = z
  .object({ escrow_job_id: z.union([z.string().regex(/^[0-9]{1,78}$/, 'must be a decimal integer'), z.number().int().nonnegative()]).transform((v) => BigInt(v).toString()) })
  .openapi('AcpBondPost');

function wallet(address: string): string {
  if (!isAddress(address, { strict: false })) throw new ValidationError([{ loc: ['path', 'address'], msg: 'must be an EVM address (0x and 40 hex digits)', type: 'address' }]);
  return getAddress(address);
}

export function walletRoutes(bonds: BondService) {
  return [
    defineRoute({
      method: 'get',
      path: '/acp/wallets/{address}',
      summary: "A buyer wallet's standing under the abuse policy: flags, evidence, verification bond",
      tags: ['Agent jobs'],
      access: { kind: 'public', rateLimit: 'acp' },
      request: { params: WalletParams },
      responses: { 200: { description: 'The standing (a wallet never flagged is `clear`)', schema: WalletStandingSchema }, ...commonErrors },
      handler: async (ctx, { params }) => {
        ctx.body = await bonds.view(ctx.state.em, wallet(params.address));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/acp/wallets/{address}/bond',
      summary: 'Post a verification bond: the id of a funded ERC-8183 escrow job holding the deposit',
      description:
        'For a wallet in `bond_required`: create an ERC-8183 job on our escrow contract naming our provider and evaluator (see `bond` in the wallet standing or the 402 that refused the job), described `verification-bond:<wallet in lower case>`, with the required budget and an expiry beyond the clean window; fund it; then post its id here. Once accepted the wallet is `under_verification`: jobs run degraded and under a tighter limit; after the clean window the deposit is refunded; confirmed abuse forfeits it.',
      tags: ['Agent jobs'],
      access: { kind: 'public', rateLimit: 'acp' },
      request: { params: WalletParams, body: BondPostSchema },
      responses: {
        200: { description: 'The standing after the bond was handed to the wallet’s bond workflow', schema: WalletStandingSchema },
        402: { description: 'The escrow job does not hold the bond (not funded, wrong parties, too small, expires too soon, wrong description)', schema: ErrorBody },
        409: { description: 'No bond is awaited from this wallet', schema: ErrorBody },
        ...commonErrors,
      },
      handler: async (ctx, { params, body }) => {
        ctx.body = await bonds.postBond(ctx.state.em, wallet(params.address), body.escrow_job_id);
      },
    }),
  ];
}
