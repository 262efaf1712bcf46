/**
 * A worker killed between "submitted" and "completed" on an escrow job: the real worker process is
 * SIGKILLed right after the block holding our provider's submit is mined, before the evaluator's
 * completion. A new worker finishes the job: the escrow is completed exactly once and pays us once.
 * Its own anvil, so the test can hold transactions in the mempool (automine off) without slowing others.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, erc20Abi, http, type Address, type TestClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { escrowAbi, readEscrowJob } from '../../src/modules/acp/escrow/escrow-chain';
import { installTestUsdc, startAnvil, type RunningAnvil } from '../../src/tools/anvil';
import { ANVIL_EVALUATOR_ADDRESS, ANVIL_EVALUATOR_KEY, ANVIL_PROVIDER_ADDRESS, ANVIL_PROVIDER_KEY, deployAgentCommerce } from '../../src/tools/agent-commerce-contracts';
import { createFundedEscrowJob } from '../helpers/escrow-buyer';
import { eventually } from '../helpers/https-receiver';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startWorkerProcess, workerProcessEnv } from '../helpers/worker-process';
import { takeProcessTurn } from '../helpers/process-turns';

const CHAIN_ID = 84_532;
const USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const ELIGIBILITY = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };
const BUDGET = 40_000_000n;
/**
 * anvil's dev account 8 deploys here, not the usual deployer: this chain stands in for the same network
 * as the shared one, and the same escrow address there would make its job ids collide with theirs in
 * the run's one database (an escrow job is unique by contract and id).
 */
const OWN_DEPLOYER_KEY = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97';

// Starts and kills worker processes of its own: takes one of the run's few turns for that (process-turns.ts).
takeProcessTurn();

describe('an escrow job whose worker is killed between submitted and completed', () => {
  let anvil: RunningAnvil;
  let chain: ChainClient;
  let control: TestClient;
  let escrow: Address;
  let app: TestApp;
  let worker: ChildProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID });
    chain = createChainClient(anvil.rpcUrl, CHAIN_ID);
    control = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    await installTestUsdc(anvil.rpcUrl, USDC);
    const deployed = await deployAgentCommerce(anvil.rpcUrl, { chainId: CHAIN_ID, usdcAddress: USDC, deployerKey: OWN_DEPLOYER_KEY, providerKey: ANVIL_PROVIDER_KEY, agentURI: 'http://127.0.0.1/.well-known/agent.json' });
    escrow = deployed.escrowAddress as Address;
    env = workerProcessEnv(`escrow-crash-${randomUUID()}`, {
      ACP_RPC_URL: anvil.rpcUrl,
      ACP_PROVIDER_PRIVATE_KEY: ANVIL_PROVIDER_KEY,
      ACP_EVALUATOR_PRIVATE_KEY: ANVIL_EVALUATOR_KEY,
      ACP_ESCROW_ADDRESS: escrow,
      ACP_IDENTITY_REGISTRY_ADDRESS: deployed.identityRegistryAddress,
      ACP_REPUTATION_REGISTRY_ADDRESS: deployed.reputationRegistryAddress,
      ACP_AGENT_ID: String(deployed.agentId),
    });
    app = await startTestApp(testConfig({ ...env, RATE_LIMIT_ACP_PER_MINUTE: '10000' }));
  }, 120_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await app?.close();
    await anvil?.stop();
  });

  it('completes the escrow exactly once on a new worker, releasing the budget to us once', async () => {
    const buyerKey = generatePrivateKey();
    const buyer = privateKeyToAccount(buyerKey).address;
    await control.setBalance({ address: buyer, value: 10n ** 18n });
    const escrowJobId = await createFundedEscrowJob(anvil.rpcUrl, buyerKey, { escrow, usdc: USDC, provider: ANVIL_PROVIDER_ADDRESS, evaluator: ANVIL_EVALUATOR_ADDRESS, budget: BUDGET, expiresInSeconds: 3_600, description: 'eligibility check' });

    worker = startWorkerProcess(env);
    await control.setAutomine(false); // our transactions now wait in the mempool until the test mines them
    const submitted = fetch(`${app.url}/acp/jobs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ service_id: 'austrac_eligibility', buyer_agent_address: buyer, usdc_amount: 40, payload: ELIGIBILITY, escrow_job_id: escrowJobId.toString() }),
    }).then((res) => res.status);

    await eventually(async () => {
      const pool = await control.getTxpoolContent();
      return Object.keys(pool.pending).some((from) => from.toLowerCase() === ANVIL_PROVIDER_ADDRESS.toLowerCase());
    }, 60_000, "our provider's submit transaction in the mempool");
    await control.mine({ blocks: 1 });
    worker.kill('SIGKILL');
    await new Promise((r) => worker!.once('exit', r));

    expect((await readEscrowJob(chain, escrow, escrowJobId))?.status).toBe('submitted');
    const [row] = await app.deps.orm.em.fork().getConnection().execute<{ id: string; status: string }[]>('select id, status from acp_jobs where escrow_job_id = ?', [escrowJobId.toString()]);
    expect(row!.status).not.toBe('completed');

    await control.setAutomine(true);
    await control.mine({ blocks: 1 }); // anything a dying worker left in the mempool
    worker = startWorkerProcess(env);
    const done = await eventually(async () => {
      const job = (await (await fetch(`${app.url}/acp/jobs/${row!.id}`)).json()) as { status: string; payment: { escrow: { submit_tx: string | null; settle_tx: string | null } } };
      return job.status === 'completed' ? job : undefined;
    }, 120_000, 'the job completed on the new worker');
    expect(done.payment.escrow.settle_tx).toMatch(/^0x/);
    // The buyer's call was answered: the job as it stood (200), or "paid and recorded, retry GET" (503) if it outlasted the wait.
    expect([200, 503]).toContain(await submitted);

    expect((await readEscrowJob(chain, escrow, escrowJobId))?.status).toBe('completed');
    const events = async (eventName: 'JobSubmitted' | 'JobCompleted' | 'JobRejected') => chain.getContractEvents({ address: escrow, abi: escrowAbi, eventName, args: { jobId: escrowJobId }, fromBlock: 0n });
    expect(await events('JobSubmitted')).toHaveLength(1);
    expect(await events('JobCompleted')).toHaveLength(1);
    expect(await events('JobRejected')).toHaveLength(0);
    // A fresh chain: whatever our provider holds came from this job's escrow, once.
    expect(await chain.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [ANVIL_PROVIDER_ADDRESS] })).toBe(BUDGET);
    expect(await chain.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [escrow] })).toBe(0n);
  }, 240_000);
});
