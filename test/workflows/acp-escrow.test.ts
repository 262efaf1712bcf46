/**
 * Escrow-paid agent jobs (ERC-8183) end to end on the run's anvil, where the global setup deployed our
 * escrow contract and ERC-8004 registries: a buyer funds an escrow job naming our provider and
 * evaluator, the API checks it on chain, the `acp-<id>` workflow runs the service, submits the
 * deliverable hash from our provider key and has our evaluator complete it (escrow released to us) or
 * reject it (refunded to the buyer); a completed job then records ERC-8004 feedback on the buyer, and
 * the buyer rates us with the authorization the job answer carries (we never rate ourselves).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, hashTypedData, parseEventLogs, recoverTypedDataAddress, type Address, type Hex } from 'viem';
import { createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { createChainSigner, readEscrowJob } from '../../src/modules/acp/escrow/escrow-chain';
import { agentOwner, feedbackCount, giveFeedback, registerAgent, reputationRegistryAbi } from '../../src/modules/acp/reputation/reputation-chain';
import { feedbackTypedData } from '../../src/modules/acp/reputation/feedback-authorization';
import { ANVIL_EVALUATOR_ADDRESS, ANVIL_PROVIDER_ADDRESS, localAgentCommerceAddresses } from '../../src/tools/agent-commerce-contracts';
import { recoveryInput } from '../../src/temporal/workflow-inputs';
import type { RecoveryResult } from '../../workflows/definitions';
import { createFundedEscrowJob } from '../helpers/escrow-buyer';
import { eventually } from '../helpers/https-receiver';
import { jsonOf, type Json } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import type { TestApp } from '../helpers/test-app';
import { newBuyerWallet, startAcpStack, type AcpStack } from '../helpers/acp-stack';
import { testRun } from '../helpers/test-run';

const CHAIN_ID = 84_532;
const USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const { escrowAddress: ESCROW, identityRegistryAddress: IDENTITY, reputationRegistryAddress: REPUTATION } = localAgentCommerceAddresses();
const ELIGIBILITY = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };
const units = (usdc: number) => BigInt(usdc) * 1_000_000n;

describe('agent jobs paid through ERC-8183 escrow', () => {
  const rpcUrl = testRun().anvilRpcUrl;
  let chain: ChainClient;
  let stack: AcpStack;
  let app: TestApp;
  const submit = (body: Json) => fetch(`${app.url}/acp/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  /** A fresh buyer with gas money (set directly: no shared faucet nonce between test files). */
  const newBuyer = () => newBuyerWallet(rpcUrl);

  const fundEscrow = (buyerKey: Hex, budget: number, extra: { evaluator?: Address; description?: string } = {}) =>
    createFundedEscrowJob(rpcUrl, buyerKey, {
      escrow: ESCROW,
      usdc: USDC,
      provider: ANVIL_PROVIDER_ADDRESS,
      evaluator: extra.evaluator ?? ANVIL_EVALUATOR_ADDRESS,
      budget: units(budget),
      expiresInSeconds: 3_600,
      description: extra.description ?? 'compliance check',
    });

  /** USDC moved by a settlement transaction: recipient → amount. */
  async function transfersIn(tx: Hex): Promise<Record<string, bigint>> {
    const receipt = await chain.getTransactionReceipt({ hash: tx });
    const moved: Record<string, bigint> = {};
    for (const log of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })) {
      if (log.address.toLowerCase() === USDC.toLowerCase()) moved[log.args.to.toLowerCase()] = (moved[log.args.to.toLowerCase()] ?? 0n) + log.args.value;
    }
    return moved;
  }

  beforeAll(async () => {
    chain = createChainClient(rpcUrl, CHAIN_ID);
    const config = testConfig({ TEMPORAL_TASK_QUEUE: `acp-escrow-${randomUUID()}`, RATE_LIMIT_ACP_PER_MINUTE: '10000', RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000' });
    stack = await startAcpStack(config);
    app = stack.app;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('runs a funded escrow job, submits its deliverable hash, completes it (escrow released to us); the buyer rates us with our authorization, and we never rate ourselves', async () => {
    const buyer = await newBuyer();
    const buyerAgentId = await registerAgent(createChainSigner(rpcUrl, CHAIN_ID, buyer.key), IDENTITY, 'https://buyer.example/agent.json');
    const escrowJobId = await fundEscrow(buyer.key, 40);

    const res = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: buyer.address, usdc_amount: 40, payload: ELIGIBILITY, escrow_job_id: escrowJobId.toString(), buyer_agent_id: buyerAgentId.toString() });
    expect(res.status).toBe(200);
    const job = await jsonOf(res);
    expect(job).toMatchObject({ status: 'completed', error: null, payment: { kind: 'escrow', escrow: { contract: ESCROW, job_id: escrowJobId.toString(), submit_tx: expect.stringMatching(/^0x/), settle_tx: expect.stringMatching(/^0x/) } } });

    const onChain = await readEscrowJob(chain, ESCROW, escrowJobId);
    expect(onChain).toMatchObject({ status: 'completed', deliverable: `0x${job.deliverable_sha256}` });
    expect(await transfersIn(job.payment.escrow.settle_tx)).toEqual({ [ANVIL_PROVIDER_ADDRESS.toLowerCase()]: units(40) });

    const described = await app.deps.temporal.client.workflow.getHandle(`acp-${job.acp_job_id}`).describe();
    expect(described.searchAttributes).toMatchObject({ AcpStatus: ['completed'], Wallet: [buyer.address] });

    // Our agent on the buyer's identity, once; nothing from any key of ours on our own agent (id 1).
    const recorded = await eventually(async () => {
      const current = await jsonOf(await fetch(`${app.url}/acp/jobs/${job.acp_job_id}`));
      return current.reputation?.buyer?.tx ? current.reputation : undefined;
    }, 30_000, 'ERC-8004 feedback recorded');
    expect(recorded).toEqual({ buyer: { tx: expect.stringMatching(/^0x/), agent_id: buyerAgentId.toString(), registry: REPUTATION } });
    expect(await feedbackCount(chain, REPUTATION, buyerAgentId, ANVIL_PROVIDER_ADDRESS)).toBe(1n);

    // The answer carries our agent's authorization for the buyer to rate us; it verifies against our agent's owner.
    const auth = job.feedback_authorization;
    expect(auth).toMatchObject({ agent_id: '1', client_address: buyer.address, job_id: job.acp_job_id, reputation_registry: REPUTATION, identity_registry: IDENTITY, chain_id: CHAIN_ID });
    const typed = feedbackTypedData(auth);
    expect(auth.give_feedback.feedbackHash).toBe(hashTypedData(typed));
    const signer = await recoverTypedDataAddress({ ...typed, signature: auth.signature });
    expect(signer).toBe(await agentOwner(chain, IDENTITY, 1n));
    expect((await jsonOf(await fetch(`${app.url}/acp/jobs/${job.acp_job_id}`))).feedback_authorization).toEqual(auth); // the same every time

    // The buyer posts its feedback on our agent with it.
    const buyerSigner = createChainSigner(rpcUrl, CHAIN_ID, buyer.key);
    const args = auth.give_feedback;
    const tx = await giveFeedback(buyerSigner, REPUTATION, { agentId: BigInt(args.agentId), value: 95n, valueDecimals: 0, tag1: args.tag1, tag2: args.tag2, endpoint: args.endpoint, feedbackURI: args.feedbackURI, feedbackHash: args.feedbackHash });
    const [posted] = parseEventLogs({ abi: reputationRegistryAbi, eventName: 'NewFeedback', logs: (await chain.getTransactionReceipt({ hash: tx })).logs });
    expect(posted!.args).toMatchObject({ agentId: 1n, clientAddress: buyer.address, value: 95n, feedbackHash: auth.give_feedback.feedbackHash, feedbackURI: `${app.deps.config.http.publicBaseUrl}/acp/jobs/${job.acp_job_id}` });
    expect(await feedbackCount(chain, REPUTATION, 1n, buyer.address)).toBe(1n);
    // Whoever rated our agent in this run, none of it came from our own keys.
    const raters = await chain.readContract({ address: REPUTATION, abi: reputationRegistryAbi, functionName: 'getClients', args: [1n] });
    expect(raters).toContain(buyer.address);
    for (const ours of [ANVIL_EVALUATOR_ADDRESS, ANVIL_PROVIDER_ADDRESS]) {
      expect(raters).not.toContain(ours);
      expect(await feedbackCount(chain, REPUTATION, 1n, ours)).toBe(0n);
    }
  }, 90_000);

  it('settles on chain an escrow job whose workflow never started (the API died after recording it) from the recovery schedule', async () => {
    const buyer = await newBuyer();
    const escrowJobId = await fundEscrow(buyer.key, 40);
    const id = randomUUID();
    await app.deps.orm.em.fork().getConnection().execute(
      `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, workflow_id, escrow_contract, escrow_job_id)
       values (?, 'austrac_eligibility', ?, 'base_sepolia', 40, ?::jsonb, 'funded', 'escrow', ?, ?, ?)`,
      [id, buyer.address, JSON.stringify(ELIGIBILITY), `acp-${id}`, ESCROW, escrowJobId.toString()],
    );
    const recovered = (await app.deps.temporal.client.workflow.execute('strandedWorkRecoveryWorkflow', {
      taskQueue: app.deps.config.temporal.taskQueue,
      workflowId: `recovery-${randomUUID()}`,
      args: [{ ...recoveryInput(app.deps.config), strandedAfterSeconds: 0, limit: 100_000 }],
    })) as RecoveryResult;
    expect(recovered.acpJobsStarted).toContain(id);
    await eventually(async () => (await jsonOf(await fetch(`${app.url}/acp/jobs/${id}`))).status === 'completed', 30_000, 'the recovered escrow job to complete');
    expect((await readEscrowJob(chain, ESCROW, escrowJobId))?.status).toBe('completed');
  }, 60_000);

  it('refunds the buyer when the service refuses the job: the evaluator rejects the escrow and the job is rejected with the error', async () => {
    const buyer = await newBuyer();
    const escrowJobId = await fundEscrow(buyer.key, 5);
    const job = await jsonOf(await submit({ service_id: 'pep_scan', buyer_agent_address: buyer.address, usdc_amount: 5, payload: { name: '!!!' }, escrow_job_id: escrowJobId.toString() }));
    expect(job).toMatchObject({ status: 'rejected', result: null, error: expect.stringMatching(/.+/), payment: { kind: 'escrow', escrow: { submit_tx: null, settle_tx: expect.stringMatching(/^0x/) } } });
    expect((await readEscrowJob(chain, ESCROW, escrowJobId))?.status).toBe('rejected');
    expect(await transfersIn(job.payment.escrow.settle_tx)).toEqual({ [buyer.address.toLowerCase()]: units(5) });
    const balance = await chain.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [buyer.address] });
    expect(balance).toBe(units(5)); // minted for the job, held in escrow, refunded in full
  }, 60_000);

  it('refuses an escrow job that does not pay for the job, and never accepts one twice, with nothing recorded or run', async () => {
    const jobCount = async () => (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from acp_jobs'))[0]!.n;
    const buyer = await newBuyer();
    const body = (escrowJobId: bigint, extra: Json = {}) => ({ service_id: 'austrac_eligibility', buyer_agent_address: buyer.address, usdc_amount: 40, payload: ELIGIBILITY, escrow_job_id: escrowJobId.toString(), ...extra });
    const before = await jobCount();

    const tooSmall = await submit(body(await fundEscrow(buyer.key, 10)));
    expect(tooSmall.status).toBe(402);
    expect((await jsonOf(tooSmall)).detail).toMatch(/holds 10 USDC, less than the 40 USDC required/);

    const otherEvaluator = await submit(body(await fundEscrow(buyer.key, 40, { evaluator: buyer.address })));
    expect(otherEvaluator.status).toBe(402);
    expect((await jsonOf(otherEvaluator)).detail).toMatch(/must name ours/);

    const someoneElses = await fundEscrow((await newBuyer()).key, 40);
    expect((await submit(body(someoneElses))).status).toBe(402);

    const missing = await submit(body(999_999n));
    expect(missing.status).toBe(402);
    expect(await jobCount()).toBe(before);

    const good = await fundEscrow(buyer.key, 40);
    expect((await jsonOf(await submit(body(good)))).status).toBe('completed');
    const again = await submit(body(good));
    expect(again.status).toBe(409);
    expect(await jobCount()).toBe(before + 1);

    const both = await submit(body(good, { payment_tx_hash: `0x${'ab'.repeat(32)}`, buyer_signature: `0x${'11'.repeat(65)}`, signature_expires_at: Math.floor(Date.now() / 1000) + 60 }));
    expect(both.status).toBe(422);
  }, 90_000);
});
