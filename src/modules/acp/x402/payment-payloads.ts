/**
 * The x402 `exact` EVM payment payloads we take, checked field by field before the library sees them
 * (it trusts their shape): v1's (the decoded `X-PAYMENT` header: `x402Version: 1`, `scheme`,
 * `network`, `payload`) and v2's (the decoded `PAYMENT-SIGNATURE` header: `x402Version: 2`, the
 * `accepted` requirements the buyer chose, `payload`, and the `extensions` it echoes, such as
 * `payment-identifier`). Either `payload` is an EIP-3009 authorization and its signature.
 */
import { isAddress } from 'viem';
import { z } from '../../../schemas/zod';
import { X402_VERSION, X402_VERSION_V2 } from './requirements';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^\d{1,78}$/;

const evmAddress = z.string().refine((v) => ADDRESS.test(v) && isAddress(v), 'must be an EVM address (mixed case only with a valid EIP-55 checksum)');
const decimal = z.string().regex(UINT, 'must be a decimal integer string');

/** EIP-3009's typed data, as the buyer signs it over USDC's domain. */
export const transferWithAuthorizationTypes = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** An EIP-3009 `transferWithAuthorization` and the payer's signature of it. */
const Eip3009PayloadSchema = z.object({
  signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'must be 0x and hex bytes'),
  authorization: z.object({
    from: evmAddress,
    to: evmAddress,
    value: decimal,
    validAfter: decimal,
    validBefore: decimal,
    nonce: z.string().regex(BYTES32, 'must be 0x and 64 hex digits'),
  }),
});

/** An x402 v1 `exact` EVM payment payload (the decoded `X-PAYMENT` header). */
export const ExactPaymentPayloadV1Schema = z.object({
  x402Version: z.literal(X402_VERSION),
  scheme: z.string(),
  network: z.string(),
  payload: Eip3009PayloadSchema,
});

/** An x402 v2 `exact` EVM payment payload (the decoded `PAYMENT-SIGNATURE` header). */
export const ExactPaymentPayloadV2Schema = z.object({
  x402Version: z.literal(X402_VERSION_V2),
  resource: z.object({ url: z.string() }).passthrough().optional(),
  accepted: z.object({
    scheme: z.string(),
    network: z.string(),
    asset: z.string(),
    amount: decimal,
    payTo: z.string(),
    maxTimeoutSeconds: z.number(),
    extra: z.record(z.string(), z.unknown()).default({}),
  }),
  payload: Eip3009PayloadSchema,
  extensions: z.record(z.string(), z.unknown()).optional(),
});

export type ExactPaymentPayloadV1 = z.output<typeof ExactPaymentPayloadV1Schema>;
export type ExactPaymentPayloadV2 = z.output<typeof ExactPaymentPayloadV2Schema>;
export type Eip3009Authorization = ExactPaymentPayloadV1['payload']['authorization'];

/** `cause`: what the library or node said, for our log only (it may name the RPC endpoint). */
export type X402Refusal = { ok: false; reason: string; message: string; cause?: string };

export function refuse(reason: string, message: string): X402Refusal {
  return { ok: false, reason, message };
}

/** Parses a decoded header as the payload of `version`, or says which field is wrong (`invalid_x402_version`, `invalid_payload`). */
export function parsePaymentPayload<S extends typeof ExactPaymentPayloadV1Schema | typeof ExactPaymentPayloadV2Schema>(
  decoded: unknown,
  version: number,
  schema: S,
  header: string,
): { ok: true; payment: z.output<S> } | X402Refusal {
  if (typeof decoded !== 'object' || decoded === null) return refuse('invalid_payload', `the ${header} header does not hold a JSON object`);
  const got = (decoded as { x402Version?: unknown }).x402Version;
  if (got !== version) return refuse('invalid_x402_version', `x402Version must be ${version} in ${header} (got ${JSON.stringify(got ?? null)})`);
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse('invalid_payload', `the payment payload is not an x402 exact EVM payload: ${issue.path.join('.') || '(root)'} ${issue.message}`);
  }
  return { ok: true, payment: parsed.data as z.output<S> };
}
