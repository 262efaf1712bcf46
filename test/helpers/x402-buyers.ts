/**
 * What x402 tests pay with: the run's anvil (chain 84532, TestUSDC at Base Sepolia's USDC address),
 * a facilitator key (anvil's dev account 4), and buyer wallets holding USDC and no ETH whose free jobs
 * are used up, so their jobs must be paid. Also the hand-signed authorizations the refusal tests change
 * one term of.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createTestClient, createWalletClient, erc20Abi, http, toHex, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { AppConfig } from '../../src/config';
import { chainDefinition, createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { compileTestUsdc } from '../../src/modules/acp/chain/test-usdc';
import { usdcUnits } from '../../src/modules/acp/chain/usdc-payment';
import { transferWithAuthorizationTypes } from './eip3009';
import { testConfig } from './test-config';
import { startTestApp, type TestApp } from './test-app';
import { startTestWorker } from './test-worker';

export const X402_CHAIN_ID = 84_532;
export const X402_USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
export const X402_PAY_TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** anvil's dev account 4 (a well-known test key): the facilitator, which pays the settlement gas. */
export const X402_FACILITATOR_KEY: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';

/** Settings of an app whose x402 rail is on, with limits out of the way. */
export const X402_SETTINGS = {
  ACP_PAY_TO_ADDRESS: X402_PAY_TO,
  ACP_FACILITATOR_PRIVATE_KEY: X402_FACILITATOR_KEY,
  RATE_LIMIT_ACP_PER_MINUTE: '10000',
  RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000',
};

export interface X402Chain {
  chain: ChainClient;
  usdcOf(address: Address): Promise<bigint>;
  /** A wallet holding `usdc` USDC and no ETH, whose 5 free jobs are used up, so its jobs need a payment. */
  newBuyer(usdc?: number): Promise<PrivateKeyAccount>;
  /** Jobs recorded through the API (not the free ones each buyer is seeded with). */
  jobCount(): Promise<number>;
}

export async function x402Chain(config: AppConfig, app: TestApp): Promise<X402Chain> {
  const chain = createChainClient(config.acp.rpcUrl!, X402_CHAIN_ID);
  const abi: Abi = compileTestUsdc().abi;
  const minter = privateKeyToAccount(generatePrivateKey());
  await createTestClient({ mode: 'anvil', transport: http(config.acp.rpcUrl) }).setBalance({ address: minter.address, value: 10n ** 18n });
  const wallet = createWalletClient({ account: minter, chain: chainDefinition(config.acp.rpcUrl!, X402_CHAIN_ID), transport: http(config.acp.rpcUrl) });
  const sqlOf = () => app.deps.orm.em.fork().getConnection();
  return {
    chain,
    usdcOf: (address) => chain.readContract({ address: X402_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    async newBuyer(usdc = 1_000) {
      const buyer = privateKeyToAccount(generatePrivateKey());
      const hash = await wallet.writeContract({ address: X402_USDC, abi, functionName: 'mint', args: [buyer.address, usdcUnits(usdc)], account: minter, chain: wallet.chain });
      await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      await sqlOf().execute(
        `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, free_job_number, workflow_id)
         select gen_random_uuid(), 'austrac_eligibility', ?, 'base_sepolia', 40, '{}', 'completed', 'free', n, 'seeded' from generate_series(1, 5) n`,
        [buyer.address],
      );
      return buyer;
    },
    jobCount: async () => (await sqlOf().execute<{ n: number }[]>(`select count(*)::int as n from acp_jobs where workflow_id <> 'seeded'`))[0]!.n,
  };
}

export interface AuthorizationTerms {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

/** An EIP-3009 authorization signed by hand (as `@x402/evm` would, unless a term is changed) and its payload. */
export async function signedAuthorization(
  signer: PrivateKeyAccount,
  terms: { payTo: string; amount: bigint; asset: string },
  changed: Partial<AuthorizationTerms> = {},
): Promise<{ signature: Hex; authorization: Record<keyof AuthorizationTerms, string> }> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const message: AuthorizationTerms = {
    from: changed.from ?? signer.address,
    to: changed.to ?? (terms.payTo as Address),
    value: changed.value ?? terms.amount,
    validAfter: changed.validAfter ?? now - 600n,
    validBefore: changed.validBefore ?? now + 300n,
    nonce: changed.nonce ?? toHex(randomBytes(32)),
  };
  const signature = await signer.signTypedData({
    domain: { name: 'USDC', version: '2', chainId: X402_CHAIN_ID, verifyingContract: terms.asset as Address },
    types: transferWithAuthorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message,
  });
  return { signature, authorization: { ...message, value: String(message.value), validAfter: String(message.validAfter), validBefore: String(message.validBefore) } };
}

export interface X402Stack {
  config: AppConfig;
  app: TestApp;
  paying: X402Chain;
  stop(): Promise<void>;
}

/** The API with its x402 rail on and a worker on a task queue of its own (`name` and a UUID), and the chain to pay on. */
export async function startX402Stack(name: string): Promise<X402Stack> {
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `${name}-${randomUUID()}`, ...X402_SETTINGS });
  const app = await startTestApp(config);
  const paying = await x402Chain(config, app);
  const worker = await startTestWorker(config);
  return {
    config,
    app,
    paying,
    stop: async () => {
      await worker.stop();
      await app.close();
    },
  };
}
