/**
 * The x402 facilitator we run in-process (no third-party facilitator service): `@x402/core`'s
 * `x402Facilitator` with `@x402/evm`'s v1 `exact` scheme registered for the configured chain, over a
 * viem signer holding the facilitator's key (ACP_FACILITATOR_PRIVATE_KEY), which pays the gas of
 * the settlement transactions.
 *
 * - `verify`: the payload's shape (an x402 v1 `exact` payload: an EIP-3009 authorization and its
 *   signature), version, scheme and network first (the library trusts the shape), then the library's
 *   checks: the EIP-712 signature over USDC's domain, the recipient is our pay-to address, the value
 *   is exactly the amount required, the validity window, and a simulated `transferWithAuthorization`
 *   (which fails for a used nonce or a short balance; we read which, since the library's own
 *   diagnosis needs Multicall3, which a bare anvil lacks).
 * - `settle`: submits `transferWithAuthorization` to the USDC contract and waits for its receipt
 *   (the configured confirmations) and for the `Transfer` it must emit. The transaction hash is the
 *   payment's identity from then on (unique in `acp_jobs.payment_tx_hash`).
 *
 * Refusals come back as `{ ok: false, reason, message }`: `reason` is the x402 error code (the 402's
 * `error`), `message` a sentence for the `detail`. An RPC that does not answer is thrown, since it
 * says nothing about the payment.
 */
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { PaymentRequirementsV1, SettleResponseV1 } from '@x402/core/types/v1';
import type { FacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { createWalletClient, getAddress, http, isAddress, type Address, type Hex, type ReadContractParameters, type VerifyTypedDataParameters, type WriteContractParameters } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../../config';
import { ServiceUnavailableError } from '../../../errors';
import { z } from '../../../schemas/zod';
import { chainDefinition, createChainClient, type ChainClient } from '../chain/client';
import { formatUsdc } from '../chain/usdc-payment';
import { x402Network, X402_VERSION } from './requirements';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^\d{1,78}$/;

/** An x402 v1 `exact` EVM payment payload (the decoded `X-PAYMENT` header), checked field by field. */
const ExactPaymentPayloadV1Schema = z.object({
  x402Version: z.literal(X402_VERSION),
  scheme: z.string(),
  network: z.string(),
  payload: z.object({
    signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'must be 0x and hex bytes'),
    authorization: z.object({
      from: z.string().refine((v) => ADDRESS.test(v) && isAddress(v), 'must be an EVM address (mixed case only with a valid EIP-55 checksum)'),
      to: z.string().refine((v) => ADDRESS.test(v) && isAddress(v), 'must be an EVM address (mixed case only with a valid EIP-55 checksum)'),
      value: z.string().regex(UINT, 'must be a decimal integer string'),
      validAfter: z.string().regex(UINT, 'must be a decimal integer string'),
      validBefore: z.string().regex(UINT, 'must be a decimal integer string'),
      nonce: z.string().regex(BYTES32, 'must be 0x and 64 hex digits'),
    }),
  }),
});

export type ExactPaymentPayloadV1 = z.output<typeof ExactPaymentPayloadV1Schema>;

/** `cause`: what the library or node said, for our log only (it may name the RPC endpoint). */
export type X402Refusal = { ok: false; reason: string; message: string; cause?: string };
export type X402Verified = { ok: true; payment: ExactPaymentPayloadV1; payer: Address };
/** A successful settlement: the x402 v1 settlement response (`X-PAYMENT-RESPONSE`), with the transaction hash. */
export type X402Settled = { ok: true; response: SettleResponseV1 & { success: true; transaction: Hex; payer: Address } };

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

const usdcBalanceAbi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'account', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  {
    type: 'function',
    name: 'authorizationState',
    stateMutability: 'view',
    inputs: [
      { name: 'authorizer', type: 'address' },
      { name: 'nonce', type: 'bytes32' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;

export class X402Facilitator {
  readonly address: Address;
  private readonly core: x402Facilitator;
  private readonly client: ChainClient;
  /** Settlement transactions broadcast, by authorization nonce, so a receipt that never comes still names its hash. */
  private readonly broadcasts = new Map<string, Hex>();

  constructor(options: X402FacilitatorOptions) {
    const account = privateKeyToAccount(options.privateKey);
    const chain = chainDefinition(options.rpcUrl, options.chainId);
    this.address = account.address;
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
    this.core = new x402Facilitator().registerV1(x402Network(options.chainId), new ExactEvmSchemeV1(signer, { eip6492AllowedFactories: [] }));
  }

  /** Checks a decoded `X-PAYMENT` payload against the job's requirements, without moving any funds. */
  async verify(decoded: unknown, requirements: PaymentRequirementsV1): Promise<X402Verified | X402Refusal> {
    const version = (decoded as { x402Version?: unknown } | null)?.x402Version;
    if (typeof decoded !== 'object' || decoded === null) return refuse('invalid_payload', 'the X-PAYMENT header does not hold a JSON object');
    if (version !== X402_VERSION) return refuse('invalid_x402_version', `x402Version must be ${X402_VERSION} (got ${JSON.stringify(version ?? null)})`);
    const parsed = ExactPaymentPayloadV1Schema.safeParse(decoded);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse('invalid_payload', `the payment payload is not an x402 exact EVM payload: ${issue.path.join('.') || '(root)'} ${issue.message}`);
    }
    const payment = parsed.data;
    if (payment.scheme !== requirements.scheme) return refuse('invalid_scheme', `scheme must be "${requirements.scheme}" (got "${payment.scheme}")`);
    if (payment.network !== requirements.network) return refuse('invalid_network', `network must be "${requirements.network}" (got "${payment.network}")`);

    // The library reads an RPC failure as a bad signature; a node that does not answer is not the payer's fault.
    await this.reachable(payment.payload.authorization.from as Address);
    let result: Awaited<ReturnType<x402Facilitator['verify']>>;
    try {
      result = await this.core.verify(payment as unknown as PaymentPayload, requirements as unknown as PaymentRequirements);
    } catch (err) {
      // The library throws only for what it cannot read (its RPC failures come back as refusals).
      return { ...refuse('invalid_payload', 'the payment payload could not be checked against the requirements'), cause: err instanceof Error ? err.message : String(err) };
    }
    if (!result.isValid) return this.explain(result.invalidReason ?? 'invalid_payment', payment, requirements);
    return { ok: true, payment, payer: getAddress(payment.payload.authorization.from) };
  }

  /**
   * Settles a verified payment on chain. A refusal means no funds moved, except a transaction that
   * was broadcast and not confirmed in time: its message names the hash.
   */
  async settle(payment: ExactPaymentPayloadV1, requirements: PaymentRequirementsV1): Promise<X402Settled | X402Refusal> {
    const nonce = payment.payload.authorization.nonce.toLowerCase();
    try {
      const result = await this.core.settle(payment as unknown as PaymentPayload, requirements as unknown as PaymentRequirements);
      if (result.success && BYTES32.test(result.transaction)) {
        return {
          ok: true,
          response: { success: true, transaction: result.transaction as Hex, network: requirements.network, payer: getAddress(payment.payload.authorization.from) },
        };
      }
      const broadcast = this.broadcasts.get(nonce);
      if (broadcast && !result.transaction) {
        return refuse(
          'settlement_pending',
          `the settlement transaction ${broadcast} was broadcast but not confirmed in time (${result.errorReason ?? 'no receipt'}); once it is mined, submit the job with payment_tx_hash ${broadcast} and your buyer_signature of it (docs/agent-commerce.md) to use that payment`,
        );
      }
      return this.explain(result.errorReason ?? 'invalid_exact_evm_transaction_failed', payment, requirements, result.transaction || undefined);
    } finally {
      this.broadcasts.delete(nonce);
    }
  }

  /** A sentence for each refusal the v1 exact scheme gives; a failed simulation or transaction is diagnosed on chain. */
  private async explain(reason: string, payment: ExactPaymentPayloadV1, requirements: PaymentRequirementsV1, transaction?: string): Promise<X402Refusal> {
    const auth = payment.payload.authorization;
    const required = BigInt(requirements.maxAmountRequired);
    switch (reason) {
      case 'invalid_exact_evm_authorization_value':
        return refuse(reason, `the authorized amount ${formatUsdc(BigInt(auth.value))} USDC is not the ${formatUsdc(required)} USDC required (the exact scheme takes exactly the amount)`);
      case 'invalid_exact_evm_recipient_mismatch':
        return refuse(reason, `the authorization pays ${auth.to}, not the pay-to address ${requirements.payTo}`);
      case 'invalid_exact_evm_signature':
        return refuse(reason, `the signature is not ${auth.from}'s EIP-712 TransferWithAuthorization signature over these terms (USDC domain "${String(requirements.extra?.name)}" version "${String(requirements.extra?.version)}", chain ${requirements.network}, contract ${requirements.asset})`);
      case 'invalid_exact_evm_payload_authorization_valid_before':
        return refuse(reason, `the authorization expires (validBefore ${auth.validBefore}) before it could be settled`);
      case 'invalid_exact_evm_payload_authorization_valid_after':
        return refuse(reason, `the authorization is not valid yet (validAfter ${auth.validAfter})`);
      case 'invalid_exact_evm_network_mismatch':
        return refuse(reason, `network must be "${requirements.network}"`);
      case 'invalid_exact_evm_scheme':
        return refuse(reason, `scheme must be "${requirements.scheme}"`);
      case 'eip6492_factory_not_allowed':
        return refuse(reason, 'the payer is a smart wallet not deployed yet; deploy it first (no ERC-6492 factory is accepted)');
    }
    const onChain = await this.diagnose(payment, requirements);
    if (onChain) return onChain;
    // Settlement errors come back as the node's or viem's own text: kept for the log, not the buyer.
    const known = /^[a-z0-9_]+$/.test(reason);
    const code = known ? reason : 'invalid_exact_evm_transaction_failed';
    const cause = known ? undefined : reason;
    if (transaction) return { ...refuse(code, `the settlement transaction ${transaction} failed on chain; no USDC moved`), cause };
    return { ...refuse(code, `the transferWithAuthorization would not succeed on chain${known ? ` (${reason})` : ''}; no USDC moved`), cause };
  }

  private async reachable(payer: Address): Promise<void> {
    try {
      await this.client.getCode({ address: payer });
    } catch (err) {
      throw Object.assign(new ServiceUnavailableError('The chain RPC did not answer, so the x402 payment could not be checked; nothing was charged or executed. Retry shortly.'), { cause: err });
    }
  }

  /** Why a `transferWithAuthorization` fails, when the token can say: a used nonce or a short balance. */
  private async diagnose(payment: ExactPaymentPayloadV1, requirements: PaymentRequirementsV1): Promise<X402Refusal | undefined> {
    const { from, nonce } = payment.payload.authorization;
    const asset = getAddress(requirements.asset);
    const required = BigInt(requirements.maxAmountRequired);
    let used: boolean;
    let balance: bigint;
    try {
      [used, balance] = await Promise.all([
        this.client.readContract({ address: asset, abi: usdcBalanceAbi, functionName: 'authorizationState', args: [from as Address, nonce as Hex] }),
        this.client.readContract({ address: asset, abi: usdcBalanceAbi, functionName: 'balanceOf', args: [from as Address] }),
      ]);
    } catch (err) {
      throw Object.assign(new ServiceUnavailableError('The chain RPC did not answer, so the x402 payment could not be checked; nothing was charged or executed. Retry shortly.'), { cause: err });
    }
    if (used) return refuse('invalid_exact_evm_nonce_already_used', `this authorization (nonce ${nonce}) has already been used: an x402 payment is never accepted twice`);
    if (balance < required) return refuse('invalid_exact_evm_insufficient_balance', `${from} holds ${formatUsdc(balance)} USDC, less than the ${formatUsdc(required)} USDC required`);
    return undefined;
  }
}

function refuse(reason: string, message: string): X402Refusal {
  return { ok: false, reason, message };
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
