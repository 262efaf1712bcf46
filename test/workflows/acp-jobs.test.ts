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
import type { RecoveryResult } from '../../workflows/definitions';
import { eventually } from '../helpers/https-receiver';
import { HeldWindowClock } from '../helpers/clock';
import { jsonOf, type Json } from '../helpers/http';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';
import { signedTransferJob } from '../helpers/agent-job-signature';

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
  /** A direct-transfer job signed by `signer` (the buyer unless a test says otherwise). */
  const transferJob = (signer: PrivateKeyAccount, buyer: Address, hash: string, amount = 50, options: { expiresInSeconds?: number } = {}) =>
    signedTransferJob(signer, { service_id: 'austrac_eligibility', buyer_agent_address: buyer, usdc_amount: amount, payload: ELIGIBILITY, payment_tx_hash: hash }, { payTo: PAY_TO, ...options });
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

  it('runs a job paid by a USDC transfer the buyer signed for, never accepts the same payment twice in any spelling, and shows the job in Temporal', async () => {
    const wallet = newWallet();
    await fund(wallet);
    await useUpFreeJobs(wallet.address); // so the payment is what funds the next one
    const hash = await pay(wallet, 'transfer', [PAY_TO, usdcUnits(50)]);
    const upper = `0x${hash.slice(2).toUpperCase()}`;
    // Sent in upper case, stored and shown in the canonical lower case.
    const res = await submit(await transferJob(wallet, wallet.address, upper));
    expect(res.status).toBe(200);
    const job = await jsonOf(res);
    expect(job).toMatchObject({ status: 'completed', payment: { kind: 'transfer', tx_hash: hash.toLowerCase() } });

    const before = await jobCount();
    const mixed = `0x${[...hash.slice(2)].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')}`;
    for (const spelling of [hash, upper, mixed, hash.toLowerCase()]) {
      const again = await submit(await transferJob(wallet, wallet.address, spelling));
      expect(again.status, spelling).toBe(409);
      expect((await jsonOf(again)).detail).toMatch(/already paid for a job/);
    }
    expect(await jobCount()).toBe(before);

    const described = await app.deps.temporal.client.workflow.getHandle(`acp-${job.acp_job_id}`).describe();
    expect(described.searchAttributes).toMatchObject({ AcpService: ['austrac_eligibility'], Wallet: [wallet.address], AcpStatus: ['completed'] });
    const fetched = await jsonOf(await fetch(`${app.url}/acp/jobs/${job.acp_job_id}`));
    // Reputation feedback is recorded by a child workflow after the answer, so it may have landed since.
    expect({ ...fetched, reputation: null }).toEqual({ ...job, reputation: null });
    expect((await fetch(`${app.url}/acp/jobs/${randomUUID()}`)).status).toBe(404);
    expect((await fetch(`${app.url}/acp/jobs/not-a-job`)).status).toBe(404);
  }, 60_000);

  it('refuses an underpaid, wrong-recipient, reverted, unrelated, someone else\'s or unknown payment with a clear error and executes nothing', async () => {
    const wallet = newWallet();
    const other = newWallet();
    await fund(wallet);
    await fund(other);
    await useUpFreeJobs(wallet.address);
    const attempt = async (payment_tx_hash: string) => submit(await transferJob(wallet, wallet.address, payment_tx_hash));
    const before = await jobCount();
    const cases: [Hex | string, RegExp][] = [
      [await pay(wallet, 'transfer', [PAY_TO, usdcUnits(10)]), /below the 50 USDC required/],
      [await pay(wallet, 'transfer', [newWallet().address, usdcUnits(50)]), /no USDC Transfer to the pay-to address/],
      [await pay(wallet, 'transfer', [PAY_TO, usdcUnits(1_000_000)], 200_000n), /reverted/],
      [await pay(wallet, 'mint', [wallet.address, usdcUnits(1)]), /no USDC Transfer to the pay-to address/],
      [await pay(other, 'transfer', [PAY_TO, usdcUnits(50)]), /sent from another wallet/],
      [`0x${'ab'.repeat(32)}`, /not found/],
    ];
    for (const [hash, reason] of cases) {
      const res = await attempt(hash);
      expect(res.status, String(reason)).toBe(402);
      expect((await jsonOf(res)).detail).toMatch(reason);
    }
    expect(await jobCount()).toBe(before);
  }, 60_000);

  it('refuses a transfer hash submitted without the buyer\'s valid, current signature of the job (403/422), and changes nothing', async () => {
    const buyer = newWallet();
    const thief = newWallet();
    await fund(buyer);
    await useUpFreeJobs(buyer.address);
    const hash = await pay(buyer, 'transfer', [PAY_TO, usdcUnits(50)]);
    const signed = await transferJob(buyer, buyer.address, hash);
    const before = await jobCount();
    const cases: [string, Json, number, RegExp][] = [
      ['signed by another wallet', await transferJob(thief, buyer.address, hash), 403, /not 0x[0-9a-fA-F]{40}'s EIP-712 signature/],
      ['signed for another amount', { ...(await transferJob(buyer, buyer.address, hash, 40)), usdc_amount: 50 }, 403, /buyer_signature_invalid|not .*EIP-712 signature/],
      ['signed for another payload', { ...signed, payload: { ...ELIGIBILITY, profession_type: 'lawyer' } }, 403, /EIP-712 signature/],
      ['expiry changed after signing', { ...signed, signature_expires_at: signed.signature_expires_at + 60 }, 403, /EIP-712 signature/],
      ['expired', await transferJob(buyer, buyer.address, hash, 50, { expiresInSeconds: -60 }), 403, /expired at/],
      ['expiring too far ahead', await transferJob(buyer, buyer.address, hash, 50, { expiresInSeconds: 3 * 86_400 }), 403, /at most 86400 seconds ahead/],
      ['malformed signature', { ...signed, buyer_signature: '0xnot-a-signature' }, 422, /buyer_signature/],
      ['truncated signature', { ...signed, buyer_signature: signed.buyer_signature.slice(0, 100) }, 422, /buyer_signature/],
      ['no signature', { ...signed, buyer_signature: null }, 422, /required with payment_tx_hash/],
      ['no expiry', { ...signed, signature_expires_at: null }, 422, /required with payment_tx_hash/],
    ];
    for (const [name, body, status, reason] of cases) {
      const res = await submit(body);
      expect(res.status, name).toBe(status);
      expect(JSON.stringify(await jsonOf(res)), name).toMatch(reason);
    }
    expect(await jobCount()).toBe(before);
    // The buyer's own signed request still gets its job: nothing above used the transfer.
    const own = await submit(signed);
    expect(own.status).toBe(200);
    expect(await jsonOf(own)).toMatchObject({ status: 'completed', payment: { kind: 'transfer', tx_hash: hash.toLowerCase() } });
  }, 60_000);

  it('offers no free jobs on a main-network configuration, and caps free jobs per source IP and in all per day', async () => {
    const post = (url: string, address: string, ip?: string) =>
      fetch(`${url}/acp/jobs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(ip ? { 'X-Forwarded-For': ip } : {}) },
        body: JSON.stringify({ service_id: 'austrac_eligibility', buyer_agent_address: address, usdc_amount: 40, payload: ELIGIBILITY }),
      });
    const queue = app.deps.config.temporal.taskQueue;
    // Rate limits of their own: earlier files' requests from 127.0.0.1 in the same minute must not answer 429 here.
    const own = { TEMPORAL_TASK_QUEUE: queue, REDIS_KEY_PREFIX: `test:acp-free-caps-${randomUUID()}:`, RATE_LIMIT_ACP_PER_MINUTE: '10000', RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000' };
    const mainnet = await startTestApp(testConfig({ ...own, ACP_CHAIN_ID: '8453' }));
    const capped = await startTestApp(testConfig({ ...own, ACP_FREE_JOBS_PER_IP_PER_DAY: '3', TRUST_PROXY: 'true' }));
    const closed = await startTestApp(testConfig({ ...own, ACP_FREE_JOBS_PER_DAY: '0' }));
    try {
      const before = await jobCount();
      const onMainnet = await post(mainnet.url, newWallet().address);
      expect(onMainnet.status).toBe(402);
      expect((await jsonOf(onMainnet)).detail).toMatch(/main network \(chain id 8453\), where no job is free/);
      const allTaken = await post(closed.url, newWallet().address);
      expect(allTaken.status).toBe(402);
      expect((await jsonOf(allTaken)).detail).toMatch(/Today's 0 free jobs are all taken/);
      expect(await jobCount()).toBe(before);

      // One place rotating fresh wallets: three free jobs from it, then 402 whatever the wallet.
      const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      const rotated = [newWallet(), newWallet(), newWallet(), newWallet()].map((w) => w.address);
      expect([(await post(capped.url, rotated[0]!, ip)).status, (await post(capped.url, rotated[1]!, ip)).status, (await post(capped.url, rotated[1]!, ip)).status]).toEqual([200, 200, 200]);
      const fourth = await post(capped.url, rotated[2]!, ip);
      expect(fourth.status).toBe(402);
      const refusal = await jsonOf(fourth);
      expect(refusal.detail).toMatch(/3 free jobs a day allowed from one IP address are used up/);
      expect(refusal.accepts).toHaveLength(1); // still told how to pay
      expect((await post(capped.url, rotated[3]!, ip)).status).toBe(402);
      const [row] = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from acp_jobs where source_ip = ?`, [ip]);
      expect(row!.n).toBe(3);
      // Another address is not held back by that one's cap.
      expect((await post(capped.url, newWallet().address, `203.0.113.${1 + Math.floor(Math.random() * 250)}`)).status).toBe(200);
    } finally {
      await mainnet.close();
      await capped.close();
      await closed.close();
    }
  }, 60_000);

  it('counts the free tier per source address by its group: two IPv6 addresses of one /64 share the cap, each IPv4 address has its own', async () => {
    const own = {
      TEMPORAL_TASK_QUEUE: app.deps.config.temporal.taskQueue,
      REDIS_KEY_PREFIX: `test:acp-free-groups-${randomUUID()}:`,
      RATE_LIMIT_ACP_PER_MINUTE: '10000',
      RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000',
      ACP_FREE_JOBS_PER_IP_PER_DAY: '2',
      TRUST_PROXY: 'true',
    };
    const capped = await startTestApp(testConfig(own));
    const post = (ip: string) =>
      fetch(`${capped.url}/acp/jobs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        body: JSON.stringify({ service_id: 'austrac_eligibility', buyer_agent_address: newWallet().address, usdc_amount: 40, payload: ELIGIBILITY }),
      });
    const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
    try {
      // One host rotating addresses inside its /64 (documentation prefix 2001:db8::/32): two free jobs in all, then 402.
      const prefix = `2001:db8:${hex()}:${hex()}`;
      expect([(await post(`${prefix}::1`)).status, (await post(`${prefix}:0:0:0:2`)).status]).toEqual([200, 200]);
      const rotated = await post(`${prefix}:ffff:ffff:ffff:fffe`);
      expect(rotated.status).toBe(402);
      expect((await jsonOf(rotated)).detail).toMatch(/2 free jobs a day allowed from one IP address are used up \(.*an IPv6 \/64 counting as one/);
      // The next /64 is another caller.
      expect((await post(`2001:db8:${hex()}:${hex()}::1`)).status).toBe(200);
      // IPv4 addresses are counted one by one, neighbours included; an IPv4-mapped IPv6 address is the IPv4 address it names.
      const net = `100.${65 + Math.floor(Math.random() * 60)}.${Math.floor(Math.random() * 256)}`;
      const host = 1 + Math.floor(Math.random() * 200);
      expect([(await post(`${net}.${host}`)).status, (await post(`::ffff:${net}.${host}`)).status, (await post(`${net}.${host}`)).status]).toEqual([200, 200, 402]);
      expect([(await post(`${net}.${host + 1}`)).status, (await post(`${net}.${host + 1}`)).status]).toEqual([200, 200]);
      // What is stored is the exact address (the abuse review parses it), not its group.
      const [row] = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from acp_jobs where source_ip like ?`, [`${prefix}%`]);
      expect(row!.n).toBe(2);
    } finally {
      await capped.close();
    }
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
    const limited = await startTestApp(testConfig({ TEMPORAL_TASK_QUEUE: app.deps.config.temporal.taskQueue, ACP_RPC_URL: anvil.rpcUrl, RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '2', REDIS_KEY_PREFIX: `test:acp-wallet-${randomUUID()}:` }), undefined, new HeldWindowClock().now);
    try {
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
