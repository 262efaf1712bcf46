/**
 * The agent-job request (spec: Agent job): `service_id`, `buyer_agent_address` (an EIP-55 checksummed
 * EVM address: a mistyped wallet must not pay or be credited), `usdc_amount` > 0 and inside the
 * service's published range, `chain` (`base_sepolia`), `payload` valid for the service, and our
 * extensions `payment_tx_hash` (the hash of a USDC transfer that paid for the job, kept in its canonical
 * lower-case form, with `buyer_signature` and `signature_expires_at`: the buyer's EIP-712 signature of
 * the job, see buyer-signature.ts), `escrow_job_id`
 * (an ERC-8183 escrow job on our contract that funds it) and `buyer_agent_id` (the buyer's ERC-8004
 * agent identity, which our agent leaves feedback for once the job completes).
 */
import { getAddress, isAddress } from 'viem';
import { z } from '../../schemas/zod';
import { canonicalTxHash, TX_HASH_PATTERN } from './chain/tx-hash';
import { ACP_SERVICE_IDS, acpService } from './services';

export const ACP_CHAINS = ['base_sepolia'] as const;

const checksummed = z
  .string()
  .refine((value) => isAddress(value, { strict: false }) && getAddress(value) === value, {
    message: 'must be an EIP-55 checksummed EVM address (0x and 40 hex digits, mixed case as its checksum requires)',
  })
  .openapi({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });

/** A uint256 as a decimal string (or a safe integer): JSON numbers cannot carry every on-chain id. */
const uint256 = z
  .union([z.string().regex(/^[0-9]{1,78}$/, 'must be a decimal integer'), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => BigInt(v).toString())
  .refine((v) => BigInt(v) < 2n ** 256n, 'must fit in uint256');

export const AcpJobRequestSchema = z
  .object({
    service_id: z.enum(ACP_SERVICE_IDS),
    buyer_agent_address: checksummed,
    usdc_amount: z.number().positive(),
    chain: z.enum(ACP_CHAINS).default('base_sepolia'),
    payload: z.record(z.string(), z.unknown()).default({}),
    payment_tx_hash: z
      .string()
      .regex(TX_HASH_PATTERN, 'must be a transaction hash: 0x and 64 hex digits')
      .transform(canonicalTxHash)
      .nullable()
      .default(null)
      .openapi({ description: 'Extension: the hash of a USDC transfer from the buyer to our pay-to address of at least usdc_amount (any case: it is kept in lower case, and pays for one job only). Needs buyer_signature.' }),
    buyer_signature: z
      .string()
      .regex(/^0x([0-9a-fA-F]{2}){65,1024}$/, 'must be a hex signature: 0x and at least 65 bytes')
      .nullable()
      .default(null)
      .openapi({
        description:
          "Extension, required with payment_tx_hash: buyer_agent_address's EIP-712 signature of the job (domain \"Compliance Intelligence agent jobs\" version 1 and the chain id; type AgentJob: service_id, buyer, usdc_amount in USDC base units, payload_hash = 0x + SHA-256 of the payload's canonical JSON, payment_tx_hash, pay_to, expires_at). See docs/agent-commerce.md.",
      }),
    signature_expires_at: z
      .number()
      .int()
      .positive()
      .nullable()
      .default(null)
      .openapi({ description: 'Extension, required with buyer_signature: when the signature expires (Unix seconds, at most 24 hours ahead); the expires_at it signs', example: 1_767_225_600 }),
    escrow_job_id: uint256
      .nullable()
      .default(null)
      .openapi({
        description:
          'Extension: the id of an ERC-8183 job on our escrow contract (see the manifest), created by buyer_agent_address, naming our provider and evaluator, funded with at least usdc_amount and not expiring within 10 minutes. We submit the deliverable hash on chain and our evaluator completes (escrow released to us) or rejects (refunded to you).',
        example: '42',
      }),
    buyer_agent_id: uint256
      .nullable()
      .default(null)
      .openapi({ description: "Extension: the buyer's ERC-8004 agent id (owned by buyer_agent_address); after a completed job our agent records feedback for it", example: '7' }),
  })
  .superRefine((body, ctx) => {
    if (body.escrow_job_id !== null && body.payment_tx_hash !== null) {
      ctx.addIssue({ code: 'custom', path: ['escrow_job_id'], message: 'A job is paid once: send either escrow_job_id or payment_tx_hash, not both' });
    }
    if (body.payment_tx_hash !== null) {
      for (const field of ['buyer_signature', 'signature_expires_at'] as const) {
        if (body[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: `required with payment_tx_hash: the buyer's EIP-712 signature of the job proves the caller controls buyer_agent_address` });
      }
    }
    const service = acpService(body.service_id);
    if (service && (body.usdc_amount < service.price_usdc_range[0] || body.usdc_amount > service.price_usdc_range[1])) {
      ctx.addIssue({ code: 'custom', path: ['usdc_amount'], message: `${service.id} is priced from ${service.price_usdc_range[0]} to ${service.price_usdc_range[1]} USDC` });
    }
  })
  .openapi('AcpJobRequest');

export type AcpJobRequest = z.output<typeof AcpJobRequestSchema>;
