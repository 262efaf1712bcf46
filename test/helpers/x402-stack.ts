/**
 * What x402 tests run against: the API with its in-process facilitator (anvil's dev account 4, which
 * pays the settlement gas), a real worker on the test's own task queue, the run's anvil (chain 84532,
 * TestUSDC at Base Sepolia's USDC address), and buyers holding USDC and no ETH whose free jobs are used.
 */
import { randomUUID } from 'node:crypto';
import { createTestClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { AppConfig } from '../../src/config';
import { chainDefinition, createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { compileTestUsdc } from '../../src/modules/acp/chain/test-usdc';
import { usdcUnits } from '../../src/modules/acp/chain/usdc-payment';
import { testConfig } from './test-config';
import { startTestApp, type TestApp } from './test-app';
import { startTestWorker, type TestWorker } from './test-worker';

export const X402_CHAIN_ID = 84_532;
export const X402_USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
export const X402_PAY_TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** anvil's dev account 4 (a well-known test key): the facilitator. */
export const X402_FACILITATOR_KEY: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';

export interface X402Stack {
  config: AppConfig;
  chain: ChainClient;
  app: TestApp;
  worker: TestWorker;
  /** A wallet holding `usdc` USDC and no ETH, whose 5 free jobs are used up, so its jobs need a payment. */
  newBuyer(usdc?: number): Promise<PrivateKeyAccount>;
  usdcOf(address: Address): Promise<bigint>;
  stop(): Promise<void>;
}

/** `queue` names the test's Temporal task queue (a random suffix is added). */
export async function startX402Stack(queue: string): Promise<X402Stack> {
  const config = testConfig({
    TEMPORAL_TASK_QUEUE: `${queue}-${randomUUID()}`,
    ACP_PAY_TO_ADDRESS: X402_PAY_TO,
    ACP_FACILITATOR_PRIVATE_KEY: X402_FACILITATOR_KEY,
    RATE_LIMIT_ACP_PER_MINUTE: '10000',
    RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000',
  });
  const chain = createChainClient(config.acp.rpcUrl!, X402_CHAIN_ID);
  const minter = privateKeyToAccount(generatePrivateKey());
  await createTestClient({ mode: 'anvil', transport: http(config.acp.rpcUrl) }).setBalance({ address: minter.address, value: 10n ** 18n });
  const app = await startTestApp(config);
  const worker = await startTestWorker(config);
  const abi = compileTestUsdc().abi;
  return {
    config,
    chain,
    app,
    worker,
    newBuyer: async (usdc = 1_000) => {
      const buyer = privateKeyToAccount(generatePrivateKey());
      const wallet = createWalletClient({ account: minter, chain: chainDefinition(config.acp.rpcUrl!, X402_CHAIN_ID), transport: http(config.acp.rpcUrl) });
      const hash = await wallet.writeContract({ address: X402_USDC, abi, functionName: 'mint', args: [buyer.address, usdcUnits(usdc)], account: minter, chain: wallet.chain });
      await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      await app.deps.orm.em.fork().getConnection().execute(
        `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, free_job_number, workflow_id)
         select gen_random_uuid(), 'austrac_eligibility', ?, 'base_sepolia', 40, '{}', 'completed', 'free', n, 'seeded' from generate_series(1, 5) n`,
        [buyer.address],
      );
      return buyer;
    },
    usdcOf: (address) => chain.readContract({ address: X402_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    stop: async () => {
      await worker.stop();
      await app.close();
    },
  };
}
