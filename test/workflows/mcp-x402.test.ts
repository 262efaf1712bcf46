/**
 * Paid agent-job tools over x402's MCP transport, end to end: the official MCP client at
 * /mcp/agent-jobs, the API's in-process facilitator, a real worker and Temporal, and the run's anvil
 * (TestUSDC at Base Sepolia's USDC address). A buyer with no account and no free jobs left gets the
 * payment requirements in a tool error, pays with `_meta["x402/payment"]` (x402's own EVM client signs
 * it), and receives the settlement in `_meta["x402/payment-response"]`; the job is the one /acp/jobs keeps.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPaymentRequiredV1 } from '@x402/core/schemas';
import type { PaymentRequirements } from '@x402/core/types';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import { createTestClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { AppConfig } from '../../src/config';
import { chainDefinition, createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { compileTestUsdc } from '../../src/modules/acp/chain/test-usdc';
import { usdcUnits } from '../../src/modules/acp/chain/usdc-payment';
import { jsonOf, type Json } from '../helpers/http';
import { mcpClient, type McpClient } from '../helpers/mcp-client';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const CHAIN_ID = 84_532;
const USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const PAY_TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** anvil's dev account 4 (a well-known test key): the facilitator, which pays the settlement gas. */
const FACILITATOR_KEY: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
const PRICE = 45;

describe('agent-job tools paid over x402 MCP', () => {
  let config: AppConfig;
  let chain: ChainClient;
  let app: TestApp;
  let worker: TestWorker;
  let mcp: McpClient;
  const minter = privateKeyToAccount(generatePrivateKey());
  const usdcOf = (address: Address) => chain.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const sql = async <T>(query: string, params: unknown[] = []) => app.deps.orm.em.fork().getConnection().execute<T[]>(query, params);
  const args = (buyer: Address) => ({ buyer_agent_address: buyer, usdc_amount: PRICE, payload: { profession_type: 'accountant', services_offered: ['company_trust_formation'] } });

  /** A wallet holding USDC and no ETH, whose 5 free jobs are used up, so its jobs need a payment. */
  async function newBuyer(usdc = 500): Promise<PrivateKeyAccount> {
    const buyer = privateKeyToAccount(generatePrivateKey());
    const wallet = createWalletClient({ account: minter, chain: chainDefinition(config.acp.rpcUrl!, CHAIN_ID), transport: http(config.acp.rpcUrl) });
    const hash = await wallet.writeContract({ address: USDC, abi: compileTestUsdc().abi, functionName: 'mint', args: [buyer.address, usdcUnits(usdc)], account: minter, chain: wallet.chain });
    await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await sql(
      `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, free_job_number, workflow_id)
       select gen_random_uuid(), 'austrac_eligibility', ?, 'base_sepolia', 40, '{}', 'completed', 'free', n, 'seeded' from generate_series(1, 5) n`,
      [buyer.address],
    );
    return buyer;
  }

  beforeAll(async () => {
    config = testConfig({
      TEMPORAL_TASK_QUEUE: `mcp-x402-${randomUUID()}`,
      ACP_PAY_TO_ADDRESS: PAY_TO,
      ACP_FACILITATOR_PRIVATE_KEY: FACILITATOR_KEY,
      RATE_LIMIT_ACP_PER_MINUTE: '10000',
      RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000',
    });
    chain = createChainClient(config.acp.rpcUrl!, CHAIN_ID);
    await createTestClient({ mode: 'anvil', transport: http(config.acp.rpcUrl) }).setBalance({ address: minter.address, value: 10n ** 18n });
    app = await startTestApp(config);
    worker = await startTestWorker(config);
    mcp = await mcpClient(`${app.url}/mcp/agent-jobs`);
  }, 120_000);
  afterAll(async () => {
    await mcp?.close();
    await worker?.stop();
    await app?.close();
  });

  it('lists one paid tool per agent-job service, with the job request schema less the service', async () => {
    const tools = (await mcp.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(['get_agent_job', 'job_asic_breach', 'job_austender_feed', 'job_austrac_eligibility', 'job_austrac_enforcement', 'job_org_scan', 'job_pep_scan']);
    const job = tools.find((t) => t.name === 'job_austrac_eligibility')!;
    expect(job.inputSchema.properties).toHaveProperty('buyer_agent_address');
    expect(job.inputSchema.properties).not.toHaveProperty('service_id');
  });

  it('asks for payment in a tool error, settles the payment sent in _meta on anvil, returns the receipt in _meta, and never accepts it twice', async () => {
    const buyer = await newBuyer();
    const unpaid = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address) });
    expect(unpaid.isError).toBe(true);
    const required = unpaid.structuredContent as Json;
    expect(isPaymentRequiredV1(required)).toBe(true);
    expect(required).toMatchObject({ status: 402, x402Version: 1, accepts: [{ scheme: 'exact', network: 'base-sepolia', maxAmountRequired: String(usdcUnits(PRICE)), payTo: PAY_TO, asset: USDC }] });

    const payment = await new ExactEvmSchemeV1(buyer).createPaymentPayload(1, required.accepts[0] as PaymentRequirements);
    const [buyerBefore, payToBefore] = [await usdcOf(buyer.address), await usdcOf(PAY_TO)];
    const paid = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(paid.isError).toBeFalsy();
    const job = paid.structuredContent as Json;
    expect(job).toMatchObject({ status: 'completed', service_id: 'austrac_eligibility', payment: { kind: 'x402' } });
    const settlement = (paid._meta as Json)['x402/payment-response'];
    expect(settlement).toEqual({ success: true, transaction: job.payment.tx_hash, network: 'base-sepolia', payer: buyer.address });
    expect((await chain.getTransactionReceipt({ hash: settlement.transaction as Hex })).status).toBe('success');
    expect(await usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    expect(await usdcOf(PAY_TO)).toBe(payToBefore + usdcUnits(PRICE));
    // The job /acp/jobs keeps, also readable through the free get_agent_job tool.
    expect({ ...(await jsonOf(await fetch(`${app.url}/acp/jobs/${job.acp_job_id}`))), reputation: null }).toEqual({ ...job, reputation: null });
    expect((await mcp.callTool({ name: 'get_agent_job', arguments: { acp_job_id: job.acp_job_id } })).structuredContent).toMatchObject({ acp_job_id: job.acp_job_id, payment: { kind: 'x402' } });

    const replay = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(replay.isError).toBe(true);
    expect(replay.structuredContent).toMatchObject({ status: 402, error: 'invalid_exact_evm_nonce_already_used' });
    expect((replay._meta ?? {})['x402/payment-response']).toBeUndefined();
    expect(await usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    const [jobs] = await sql<{ n: number }>(`select count(*)::int as n from acp_jobs where buyer_address = ? and workflow_id <> 'seeded'`, [buyer.address]);
    expect(jobs!.n).toBe(1);
  }, 60_000);

  it('refuses bad job input as a tool error naming the field, before any payment is asked for or taken', async () => {
    const buyer = await newBuyer();
    const refused = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: { ...args(buyer.address), buyer_agent_address: buyer.address.toLowerCase(), usdc_amount: 1 } });
    expect(refused.isError).toBe(true);
    const problem = refused.structuredContent as Json;
    expect(problem.status).toBe(422);
    expect((problem.detail as { loc: string[] }[]).map((i) => i.loc.join('.'))).toEqual(expect.arrayContaining(['body.buyer_agent_address', 'body.usdc_amount']));
  });
});
