/**
 * The x402 facilitator we run in-process (no third-party facilitator service): `@x402/core`'s
 * `x402Facilitator` with `@x402/evm`'s `exact` scheme registered for the configured chain in both
 * protocol versions (v2 under its CAIP-2 id `eip155:<chain id>`, v1 under its network name), over a
 * viem signer holding the facilitator's key (ACP_FACILITATOR_PRIVATE_KEY), which pays the gas of
 * the settlement transactions.
 *
 * - `verify` (v1) and `verifyV2`: the payload's shape (payment-payloads.ts), version, scheme and
 *   network first (and for v2 the `accepted` requirements, which must be the ones we asked for; the
 *   library trusts the shape), then the library's checks: the EIP-712 signature over USDC's domain,
 *   the recipient is our pay-to address, the value is exactly the amount required, the validity
 *   window, and a simulated `transferWithAuthorization` (which fails for a used nonce or a short
 *   balance; refusals.ts reads which, since the library's own diagnosis needs Multicall3, which a
 *   bare anvil lacks).
 * - `settle` (v1) and `settleV2`: submits `transferWithAuthorization` to the USDC contract and waits for its receipt
 *   (the configured confirmations) and for the `Transfer` it must emit. The transaction hash is the
 *   payment's identity from then on (unique in `acp_jobs.payment_tx_hash`).
 *
 * Refusals come back as `{ ok: false, reason, message }`: `reason` is the x402 error code (the 402's
 * `error`), `message` a sentence for the `detail`. An RPC that does not answer is thrown, since it
 * says nothing about the payment.
 */
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import type { PaymentRequirementsV1, SettleResponseV1 } from '@x402/core/types/v1';
import type { FacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { createWalletClient, getAddress, http, type Address, type Hex, type ReadContractParameters, type VerifyTypedDataParameters, type WriteContractParameters } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../../config';
import { chainDefinition, createChainClient, type ChainClient } from '../chain/client';
import {
  BYTES32,
  ExactPaymentPayloadV1Schema,
  ExactPaymentPayloadV2Schema,
  parsePaymentPayload,
  refuse,
  transferWithAuthorizationTypes,
  type ExactPaymentPayloadV1,
  type ExactPaymentPayloadV2,
  type X402Refusal,
} from './payment-payloads';
import { chainSilent, explainRefusal, termsV1, termsV2, type Terms } from './refusals';
import { caip2Network, x402Network, X402_VERSION, X402_VERSION_V2 } from './requirements';

export type { ExactPaymentPayloadV1, ExactPaymentPayloadV2, X402Refusal } from './payment-payloads';
export type X402Verified = { ok: true; payment: ExactPaymentPayloadV1; payer: Address };
export type X402VerifiedV2 = { ok: true; payment: ExactPaymentPayloadV2; payer: Address };
/** A successful settlement: the x402 v1 settlement response (`X-PAYMENT-RESPONSE`), with the transaction hash. */
export type X402Settled = { ok: true; response: SettleResponseV1 & { success: true; transaction: Hex; payer: Address } };
/** A successful v2 settlement: the x402 v2 settlement response (`PAYMENT-RESPONSE`), with the transaction hash. */
export type X402SettledV2 = { ok: true; response: SettleResponse & { success: true; transaction: Hex; payer: Address } };

export interface X402FacilitatorOptions {
  rpcUrl: string;
  chainId: number;
  /** The facilitator's key (ACP_FACILITATOR_PRIVATE_KEY): submits `transferWithAuthorization` and pays its gas. */
  privateKey: Hex;
  /** Blocks including the settlement's own before it counts (ACP_CONFIRMATIONS); at least 1. */
  confirmations?: number;
  /** How long to wait for the settlement's receipt. */
  receiptTimeoutMs?: number;
  pollingIntervalMs?: number;
}

export class X402Facilitator {
  readonly address: Address;
  private readonly chainId: number;
  private readonly core: x402Facilitator;
  private readonly client: ChainClient;
  /** Settlement transactions broadcast, by authorization nonce, so a receipt that never comes still names its hash. */
  private readonly broadcasts = new Map<string, Hex>();

  constructor(options: X402FacilitatorOptions) {
    const account = privateKeyToAccount(options.privateKey);
    const chain = chainDefinition(options.rpcUrl, options.chainId);
    this.address = account.address;
    this.chainId = options.chainId;
    this.client = createChainClient(options.rpcUrl, options.chainId);
    const wallet = createWalletClient({ account, chain, transport: http(options.rpcUrl) });
    const client = this.client;
    const confirmations = Math.max(options.confirmations ?? 1, 1);
    const timeout = options.receiptTimeoutMs ?? 60_000;
    const pollingInterval = options.pollingIntervalMs ?? 500;

    // One key, one nonce sequence: transactions are broadcast one at a time (each broadcast is in the
    // node's pending count before the next asks for its nonce); receipts are awaited concurrently.
    let queue: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(send: () => Promise<T>): Promise<T> => {
      const turn = queue.then(send, send);
      queue = turn.catch(() => undefined);
      return turn;
    };
    const signer: FacilitatorEvmSigner = {
      getAddresses: () => [account.address],
      readContract: (args) => client.readContract(args as ReadContractParameters),
      verifyTypedData: (args) => client.verifyTypedData(args as VerifyTypedDataParameters),
      writeContract: (args) =>
        inTurn(async () => {
          const hash = await wallet.writeContract({ ...args, account, chain } as WriteContractParameters);
          if (args.functionName === 'transferWithAuthorization' && typeof args.args[5] === 'string') this.broadcasts.set(args.args[5].toLowerCase(), hash);
          return hash;
        }),
      sendTransaction: (args) => inTurn(() => wallet.sendTransaction({ ...args, account, chain })),
      waitForTransactionReceipt: ({ hash }) => client.waitForTransactionReceipt({ hash, confirmations, timeout, pollingInterval }),
      getCode: ({ address }) => client.getCode({ address }),
    };
    // No ERC-6492 factory is trusted: a payer must be an existing account (EOA or deployed wallet).
    this.core = new x402Facilitator()
      .register(caip2Network(options.chainId), new ExactEvmScheme(signer, { eip6492AllowedFactories: [] }))
      .registerV1(x402Network(options.chainId), new ExactEvmSchemeV1(signer, { eip6492AllowedFactories: [] }));
  }

  /** Checks a decoded `X-PAYMENT` payload (x402 v1) against the job's requirements, without moving any funds. */
  async verify(decoded: unknown, requirements: PaymentRequirementsV1): Promise<X402Verified | X402Refusal> {
    const parsed = parsePaymentPayload(decoded, X402_VERSION, ExactPaymentPayloadV1Schema, 'X-PAYMENT');
    if (!parsed.ok) return parsed;
    const payment = parsed.payment;
    if (payment.scheme !== requirements.scheme) return refuse('invalid_scheme', `scheme must be "${requirements.scheme}" (got "${payment.scheme}")`);
    if (payment.network !== requirements.network) return refuse('invalid_network', `network must be "${requirements.network}" (got "${payment.network}")`);
    const refused = await this.check(payment, requirements, termsV1(requirements));
    return refused ?? { ok: true, payment, payer: getAddress(payment.payload.authorization.from) };
  }

  /**
   * Checks a decoded `PAYMENT-SIGNATURE` payload (x402 v2) against the job's requirements, without
   * moving any funds. Its `accepted` must be exactly what we asked (scheme, CAIP-2 network, asset,
   * amount, pay-to): a buyer cannot choose its own price.
   */
  async verifyV2(decoded: unknown, requirements: PaymentRequirements): Promise<X402VerifiedV2 | X402Refusal> {
    const parsed = this.parseV2(decoded);
    if (!parsed.ok) return parsed;
    const payment = parsed.payment;
    const refused = await this.check(payment, requirements, termsV2(requirements));
    return refused ?? { ok: true, payment, payer: getAddress(payment.payload.authorization.from) };
  }

  /** The shape of a v2 payload and its `accepted` against ours, before anything is asked of the chain. */
  parseV2(decoded: unknown): { ok: true; payment: ExactPaymentPayloadV2 } | X402Refusal {
    return parsePaymentPayload(decoded, X402_VERSION_V2, ExactPaymentPayloadV2Schema, 'PAYMENT-SIGNATURE');
  }

  /** Whether a v2 payload's `accepted` is what we asked; a sentence naming the first field that differs, if not. */
  static acceptedMismatch(payment: ExactPaymentPayloadV2, requirements: PaymentRequirements): X402Refusal | undefined {
    const { accepted } = payment;
    if (accepted.scheme !== requirements.scheme) return refuse('invalid_scheme', `accepted.scheme must be "${requirements.scheme}" (got "${accepted.scheme}")`);
    if (accepted.network !== requirements.network) return refuse('invalid_network', `accepted.network must be "${requirements.network}" (got "${accepted.network}")`);
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    for (const field of ['asset', 'payTo', 'amount'] as const) {
      if (!same(accepted[field], requirements[field])) return refuse('invalid_payment_requirements', `accepted.${field} must be "${requirements[field]}" as the PAYMENT-REQUIRED header says (got "${accepted[field]}")`);
    }
    return undefined;
  }

  /**
   * Whether a v2 payload's authorization is signed by its `from` over the requirements' USDC domain:
   * what a retry with a payment identifier that already paid must prove (its authorization is never
   * submitted, so nothing else about it matters).
   */
  async isSignedByPayer(payment: ExactPaymentPayloadV2, requirements: PaymentRequirements): Promise<boolean> {
    const { authorization: auth, signature } = payment.payload;
    try {
      return await this.client.verifyTypedData({
        address: auth.from as Address,
        domain: { name: String(requirements.extra.name), version: String(requirements.extra.version), chainId: this.chainId, verifyingContract: getAddress(requirements.asset) },
        types: transferWithAuthorizationTypes,
        primaryType: 'TransferWithAuthorization',
        message: { from: auth.from as Address, to: auth.to as Address, value: BigInt(auth.value), validAfter: BigInt(auth.validAfter), validBefore: BigInt(auth.validBefore), nonce: auth.nonce as Hex },
        signature: signature as Hex,
      });
    } catch (err) {
      throw chainSilent(err);
    }
  }

  /** The library's checks of a well-formed payload; a refusal, or undefined when the payment would settle. */
  private async check(payment: ExactPaymentPayloadV1 | ExactPaymentPayloadV2, requirements: PaymentRequirementsV1 | PaymentRequirements, terms: Terms): Promise<X402Refusal | undefined> {
    if (payment.x402Version === X402_VERSION_V2) {
      const mismatch = X402Facilitator.acceptedMismatch(payment, requirements as PaymentRequirements);
      if (mismatch) return mismatch;
    }
    // The library reads an RPC failure as a bad signature; a node that does not answer is not the payer's fault.
    await this.reachable(payment.payload.authorization.from as Address);
    let result: Awaited<ReturnType<x402Facilitator['verify']>>;
    try {
      result = await this.core.verify(payment as unknown as PaymentPayload, requirements as unknown as PaymentRequirements);
    } catch (err) {
      // The library throws only for what it cannot read (its RPC failures come back as refusals).
      return { ...refuse('invalid_payload', 'the payment payload could not be checked against the requirements'), cause: err instanceof Error ? err.message : String(err) };
    }
    return result.isValid ? undefined : explainRefusal(this.client, result.invalidReason ?? 'invalid_payment', payment.payload.authorization, terms);
  }

  /**
   * Settles a verified v1 payment on chain. A refusal means no funds moved, except a transaction that
   * was broadcast and not confirmed in time: its message names the hash.
   */
  async settle(payment: ExactPaymentPayloadV1, requirements: PaymentRequirementsV1): Promise<X402Settled | X402Refusal> {
    const settled = await this.settleOnChain(payment, requirements, termsV1(requirements));
    return settled.ok ? { ok: true, response: { success: true, transaction: settled.transaction, network: requirements.network, payer: settled.payer } } : settled;
  }

  /** Settles a verified v2 payment on chain, as {@link settle} does a v1 one. */
  async settleV2(payment: ExactPaymentPayloadV2, requirements: PaymentRequirements): Promise<X402SettledV2 | X402Refusal> {
    const settled = await this.settleOnChain(payment, requirements, termsV2(requirements));
    return settled.ok ? { ok: true, response: { success: true, transaction: settled.transaction, network: requirements.network, payer: settled.payer } } : settled;
  }

  private async settleOnChain(
    payment: ExactPaymentPayloadV1 | ExactPaymentPayloadV2,
    requirements: PaymentRequirementsV1 | PaymentRequirements,
    terms: Terms,
  ): Promise<{ ok: true; transaction: Hex; payer: Address } | X402Refusal> {
    const nonce = payment.payload.authorization.nonce.toLowerCase();
    try {
      const result = await this.core.settle(payment as unknown as PaymentPayload, requirements as unknown as PaymentRequirements);
      if (result.success && BYTES32.test(result.transaction)) return { ok: true, transaction: result.transaction as Hex, payer: getAddress(payment.payload.authorization.from) };
      const broadcast = this.broadcasts.get(nonce);
      if (broadcast && !result.transaction) {
        return refuse(
          'settlement_pending',
          `the settlement transaction ${broadcast} was broadcast but not confirmed in time (${result.errorReason ?? 'no receipt'}); once it is mined, submit the job with payment_tx_hash ${broadcast} and your buyer_signature of it (docs/agent-commerce.md) to use that payment`,
        );
      }
      return explainRefusal(this.client, result.errorReason ?? 'invalid_exact_evm_transaction_failed', payment.payload.authorization, terms, result.transaction || undefined);
    } finally {
      this.broadcasts.delete(nonce);
    }
  }

  private async reachable(payer: Address): Promise<void> {
    try {
      await this.client.getCode({ address: payer });
    } catch (err) {
      throw chainSilent(err);
    }
  }

}


/** `config.acp.facilitatorPrivateKey` (ACP_FACILITATOR_PRIVATE_KEY), when it is a key. */
export function facilitatorKeyOf(config: AppConfig): Hex | undefined {
  const key = config.acp.facilitatorPrivateKey;
  return key && BYTES32.test(key) ? (key as Hex) : undefined;
}

/** The in-process facilitator for this configuration, or none when no RPC or no facilitator key is configured. */
export function x402FacilitatorFor(config: AppConfig): X402Facilitator | undefined {
  const privateKey = facilitatorKeyOf(config);
  if (!config.acp.rpcUrl || !privateKey) return undefined;
  return new X402Facilitator({ rpcUrl: config.acp.rpcUrl, chainId: config.acp.chainId, privateKey, confirmations: config.acp.confirmations });
}
