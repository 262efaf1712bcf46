/**
 * Agent jobs end to end: the API, a real worker, a real Temporal dev server, and payments on a real
 * local chain (anvil from npm at chain 84532 with our TestUSDC at Base Sepolia's USDC address).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, http, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { chainDefinition, createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { usdcUnits } from '../../src/modules/acp/chain/usdc-payment';
import { installTestUsdc, startAnvil, type RunningAnvil } from '../../src/tools/anvil';
import { recoveryInput } from '../../src/temporal/workflow-inputs';
import type { RecoveryResult } from '../../workflows/stranded-work-recovery';
import { eventually } from '../helpers/https-receiver';
import { withinOneMinuteWindow } from '../helpers/clock';
import { jsonOf, type Json } from '../helpers/http';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const CHAIN_ID = 84_532;
const USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const PAY_TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ELIGIBILITY = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };

describe('agent jobs (ACP) on a local chain', () => {
  let anvil: RunningAnvil;
  let chain: ChainClient;
  let abi: Abi;
  let app: TestApp;
  let worker: TestWorker;
  const newWallet = () => privateKeyToAccount(generatePrivateKey());
  const submit = (body: Json, path = '/acp/jobs') => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const jobCount = async () => (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from acp_jobs'))[0]!.n;

  /** Records the wallet's 5 free jobs as done, so its next job must be paid. */
  const useUpFreeJobs = (address: string) =>
    app.deps.orm.em.fork().getConnection().execute(
      `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, free_job_number, workflow_id)
       select gen_random_uuid(), 'austrac_eligibility', ?, 'base_sepolia', 40, '{}', 'completed', 'free', n, 'seeded' from generate_series(1, 5) n`,
      [address],
    );

  async function fund(account: PrivateKeyAccount) {
    const faucet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const client = createWalletClient({ account: faucet, chain: chainDefinition(anvil.rpcUrl, CHAIN_ID), transport: http(anvil.rpcUrl) });
    await chain.waitForTransactionReceipt({ hash: await client.sendTransaction({ to: account.address, value: 10n ** 18n }), pollingInterval: 50 });
    await pay(account, 'mint', [account.address, usdcUnits(1_000)]);
  }

  async function pay(account: PrivateKeyAccount, functionName: 'mint' | 'transfer', args: readonly unknown[], gas?: bigint): Promise<Hex> {
    const client = createWalletClient({ account, chain: chainDefinition(anvil.rpcUrl, CHAIN_ID), transport: http(anvil.rpcUrl) });
    const hash = await client.writeContract({ address: USDC, abi, functionName, args, account, chain: client.chain, gas });
    await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID });
    chain = createChainClient(anvil.rpcUrl, CHAIN_ID);
    ({ abi } = await installTestUsdc(anvil.rpcUrl, USDC));
    const config = testConfig({ TEMPORAL_TASK_QUEUE: `acp-${randomUUID()}`, ACP_RPC_URL: anvil.rpcUrl, ACP_PAY_TO_ADDRESS: PAY_TO, RATE_LIMIT_ACP_PER_MINUTE: '10000', RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000' });
    app = await startTestApp(config);
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    worker = await startTestWorker(config);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await anvil?.stop();
  });

  it('runs a wallet\'s 5 free jobs on the test network, each with a result and a deliverable hash, then answers 402 with x402 requirements', async () => {
    const wallet = newWallet();
    const body = { service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY };
    for (let i = 1; i <= 5; i++) {
      const res = await submit(body, i % 2 ? '/acp/jobs' : '/v1/acp/jobs');
      expect(res.status).toBe(200);
      const job = await jsonOf(res);
      expect(job).toMatchObject({ status: 'completed', service_id: 'austrac_eligibility', error: null, payment: { kind: 'free', free_job_number: i } });
      expect(job.result).toMatchObject({ registration_deadline: expect.any(String) });
      expect(job.deliverable_sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const sixth = await submit(body);
    expect(sixth.status).toBe(402);
    const refusal = await jsonOf(sixth);
    expect(refusal.detail).toMatch(/used its 5 free jobs/);
    expect(refusal).toMatchObject({ x402Version: 1, accepts: [{ scheme: 'exact', network: 'base-sepolia', maxAmountRequired: '40000000', asset: USDC, payTo: PAY_TO }] });
  }, 60_000);

  it('runs a job paid by a USDC transfer, never accepts the same payment twice, and shows the job in Temporal with its service, wallet and status', async () => {
    const wallet = newWallet();
    await fund(wallet);
    await useUpFreeJobs(wallet.address); // so the payment is what funds the next one
    const hash = await pay(wallet, 'transfer', [PAY_TO, usdcUnits(50)]);
    const res = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 50, payload: ELIGIBILITY, payment_tx_hash: hash });
    expect(res.status).toBe(200);
    const job = await jsonOf(res);
    expect(job).toMatchObject({ status: 'completed', payment: { kind: 'transfer', tx_hash: hash } });

    const before = await jobCount();
    const again = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 50, payload: ELIGIBILITY, payment_tx_hash: hash });
    expect(again.status).toBe(409);
    expect(await jobCount()).toBe(before);

    const described = await app.deps.temporal.client.workflow.getHandle(`acp-${job.acp_job_id}`).describe();
    expect(described.searchAttributes).toMatchObject({ AcpService: ['austrac_eligibility'], Wallet: [wallet.address], AcpStatus: ['completed'] });
    const fetched = await jsonOf(await fetch(`${app.url}/acp/jobs/${job.acp_job_id}`));
    // Reputation feedback is recorded by a child workflow after the answer, so it may have landed since.
    expect({ ...fetched, reputation: null }).toEqual({ ...job, reputation: null });
    expect((await fetch(`${app.url}/acp/jobs/${randomUUID()}`)).status).toBe(404);
    expect((await fetch(`${app.url}/acp/jobs/not-a-job`)).status).toBe(404);
  }, 60_000);

  it('refuses an underpaid, wrong-recipient, reverted or unknown payment with a clear error and executes nothing', async () => {
    const wallet = newWallet();
    await fund(wallet);
    await useUpFreeJobs(wallet.address);
    const attempt = (payment_tx_hash: string) => submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 50, payload: ELIGIBILITY, payment_tx_hash });
    const before = await jobCount();
    const cases: [Hex | string, RegExp][] = [
      [await pay(wallet, 'transfer', [PAY_TO, usdcUnits(10)]), /below the 50 USDC required/],
      [await pay(wallet, 'transfer', [newWallet().address, usdcUnits(50)]), /no USDC Transfer to the pay-to address/],
      [await pay(wallet, 'transfer', [PAY_TO, usdcUnits(1_000_000)], 200_000n), /reverted/],
      [`0x${'ab'.repeat(32)}`, /not found/],
    ];
    for (const [hash, reason] of cases) {
      const res = await attempt(hash);
      expect(res.status, String(reason)).toBe(402);
      expect((await jsonOf(res)).detail).toMatch(reason);
    }
    expect(await jobCount()).toBe(before);
  }, 60_000);

  it('stores a person scan as a permanent scan, and records a job whose service refuses its input as rejected with the error', async () => {
    const wallet = newWallet();
    const scan = await jsonOf(await submit({ service_id: 'pep_scan', buyer_agent_address: wallet.address, usdc_amount: 5, payload: { name: 'Vladimir Putin' } }));
    expect(scan).toMatchObject({ status: 'completed', service_id: 'pep_scan' });
    expect(scan.result.scan_id).toBeTruthy();
    const [stored] = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from scans where id = ?', [scan.result.scan_id]);
    expect(stored!.n).toBe(1);

    const refused = await jsonOf(await submit({ service_id: 'pep_scan', buyer_agent_address: wallet.address, usdc_amount: 5, payload: { name: '!!!' } }));
    expect(refused).toMatchObject({ status: 'rejected', result: null, error: expect.stringMatching(/.+/) });
    const [row] = await app.deps.orm.em.fork().getConnection().execute<{ status: string }[]>('select status from acp_jobs where id = ?', [refused.acp_job_id]);
    expect(row!.status).toBe('rejected');
  }, 60_000);

  it('runs a paid job whose workflow never started (the API died after recording it) from the recovery schedule', async () => {
    const wallet = newWallet();
    const id = randomUUID();
    await app.deps.orm.em.fork().getConnection().execute(
      `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, free_job_number, workflow_id)
       values (?, 'austrac_eligibility', ?, 'base_sepolia', 40, ?::jsonb, 'funded', 'free', 1, ?)`,
      [id, wallet.address, JSON.stringify(ELIGIBILITY), `acp-${id}`],
    );
    const recovered = (await app.deps.temporal.client.workflow.execute('strandedWorkRecoveryWorkflow', {
      taskQueue: app.deps.config.temporal.taskQueue,
      workflowId: `recovery-${randomUUID()}`,
      args: [{ ...recoveryInput(app.deps.config), strandedAfterSeconds: 0, limit: 100_000 }],
    })) as RecoveryResult;
    expect(recovered.acpJobsStarted).toContain(id);
    await eventually(async () => (await jsonOf(await fetch(`${app.url}/acp/jobs/${id}`))).status === 'completed', 30_000, 'the recovered job to complete');
  }, 60_000);

  it('limits each wallet per minute, apart from the per-IP limit', async () => {
    const limited = await startTestApp(testConfig({ TEMPORAL_TASK_QUEUE: app.deps.config.temporal.taskQueue, ACP_RPC_URL: anvil.rpcUrl, RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '2', REDIS_KEY_PREFIX: `test:acp-wallet-${randomUUID()}:` }));
    try {
      await withinOneMinuteWindow();
      const body = (address: string) => ({ service_id: 'austrac_eligibility', buyer_agent_address: address, usdc_amount: 40, payload: ELIGIBILITY });
      const post = (address: string) => fetch(`${limited.url}/acp/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body(address)) });
      const wallet = newWallet().address;
      expect([(await post(wallet)).status, (await post(wallet)).status]).toEqual([200, 200]);
      const refused = await post(wallet);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBeTruthy();
      expect((await jsonOf(refused)).detail).toMatch(/for this wallet/);
      expect((await post(newWallet().address)).status).toBe(200); // another wallet from the same address is not held back
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('refuses a bad request with 422: an address without its checksum, an amount outside the price range, an unknown service, a payload the service does not take', async () => {
    const wallet = newWallet();
    const base = { service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY };
    for (const bad of [
      { ...base, buyer_agent_address: wallet.address.toLowerCase().replace(/^0x/, '0x').replace(/[a-f]/, 'A') },
      { ...base, usdc_amount: 5 },
      { ...base, usdc_amount: 0 },
      { ...base, service_id: 'weather_forecast' },
      { ...base, payload: { profession_type: 'astronaut' } },
      { ...base, chain: 'ethereum' },
    ]) {
      expect((await submit(bad)).status, JSON.stringify(bad).slice(0, 90)).toBe(422);
    }
  });
});
