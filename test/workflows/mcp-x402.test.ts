/**
 * Paid agent-job tools over x402's MCP transport, end to end: the official MCP client at
 * /mcp/agent-jobs, the API's in-process facilitator, a real worker and Temporal, and the run's anvil
 * (TestUSDC at Base Sepolia's USDC address). A buyer with no account and no free jobs left gets the
 * x402 v2 `PaymentRequired` in a tool error, pays with `_meta["x402/payment"]` (x402's own v2 client
 * signs it), and receives the settlement in `_meta["x402/payment-response"]`; the job is the one
 * /acp/jobs keeps. A v1 payload (requirements from the HTTP 402's body) is still taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { x402Client } from '@x402/core/client';
import { isPaymentRequiredV1, isPaymentRequiredV2 } from '@x402/core/schemas';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import type { Address, Hex } from 'viem';
import { usdcUnits } from '../../src/modules/acp/chain/usdc-payment';
import { jsonOf, type Json } from '../helpers/http';
import { mcpClient, type McpClient } from '../helpers/mcp-client';
import { startX402Stack, X402_PAY_TO, X402_USDC, type X402Stack } from '../helpers/x402-buyers';

const PRICE = 45;

describe('agent-job tools paid over x402 MCP', () => {
  let stack: X402Stack;
  let mcp: McpClient;
  const sql = async <T>(query: string, params: unknown[] = []) => stack.app.deps.orm.em.fork().getConnection().execute<T[]>(query, params);
  const args = (buyer: Address) => ({ buyer_agent_address: buyer, usdc_amount: PRICE, payload: { profession_type: 'accountant', services_offered: ['company_trust_formation'] } });

  beforeAll(async () => {
    stack = await startX402Stack('mcp-x402');
    mcp = await mcpClient(`${stack.app.url}/mcp/agent-jobs`);
  }, 120_000);
  afterAll(async () => {
    await mcp?.close();
    await stack?.stop();
  });

  it('lists one paid tool per agent-job service, with the job request schema less the service', async () => {
    const tools = (await mcp.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(['get_agent_job', 'job_asic_breach', 'job_austender_feed', 'job_austrac_eligibility', 'job_austrac_enforcement', 'job_org_scan', 'job_pep_scan']);
    const job = tools.find((t) => t.name === 'job_austrac_eligibility')!;
    expect(job.inputSchema.properties).toHaveProperty('buyer_agent_address');
    expect(job.inputSchema.properties).not.toHaveProperty('service_id');
  });

  it('asks for payment with the x402 v2 PaymentRequired in a tool error, settles the v2 payment sent in _meta on anvil, returns the receipt in _meta, and never accepts it twice', async () => {
    const buyer = await stack.paying.newBuyer(500);
    const unpaid = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address) });
    expect(unpaid.isError).toBe(true);
    const required = unpaid.structuredContent as Json;
    expect(isPaymentRequiredV2(required)).toBe(true);
    expect(required).toMatchObject({ status: 402, x402Version: 2, accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: String(usdcUnits(PRICE)), payTo: X402_PAY_TO, asset: X402_USDC }] });
    // content[0].text is the same object as JSON, for clients that cannot read structured content.
    expect(JSON.parse((unpaid.content as { text: string }[])[0]!.text)).toEqual(required);

    const client = new x402Client().setSpendControls({ maxAmountPerPayment: '$100' });
    registerExactEvmScheme(client, { signer: buyer });
    const payment = await client.createPaymentPayload(required as unknown as PaymentRequired);
    expect(payment.x402Version).toBe(2);
    const [buyerBefore, payToBefore] = [await stack.paying.usdcOf(buyer.address), await stack.paying.usdcOf(X402_PAY_TO)];
    const paid = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(paid.isError).toBeFalsy();
    const job = paid.structuredContent as Json;
    expect(job).toMatchObject({ status: 'completed', service_id: 'austrac_eligibility', payment: { kind: 'x402' } });
    const settlement = (paid._meta as Json)['x402/payment-response'];
    expect(settlement).toMatchObject({ success: true, transaction: job.payment.tx_hash, network: 'eip155:84532', payer: buyer.address });
    expect((await stack.paying.chain.getTransactionReceipt({ hash: settlement.transaction as Hex })).status).toBe('success');
    expect(await stack.paying.usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    expect(await stack.paying.usdcOf(X402_PAY_TO)).toBe(payToBefore + usdcUnits(PRICE));
    // The job /acp/jobs keeps, also readable through the free get_agent_job tool.
    expect({ ...(await jsonOf(await fetch(`${stack.app.url}/acp/jobs/${job.acp_job_id}`))), reputation: null }).toEqual({ ...job, reputation: null });
    expect((await mcp.callTool({ name: 'get_agent_job', arguments: { acp_job_id: job.acp_job_id } })).structuredContent).toMatchObject({ acp_job_id: job.acp_job_id, payment: { kind: 'x402' } });

    const replay = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(replay.isError).toBe(true);
    expect(replay.structuredContent).toMatchObject({ status: 402, x402Version: 2, error: expect.stringMatching(/nonce|already/) });
    expect((replay._meta ?? {})['x402/payment-response']).toBeUndefined();
    expect(await stack.paying.usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    const [jobs] = await sql<{ n: number }>(`select count(*)::int as n from acp_jobs where buyer_address = ? and workflow_id <> 'seeded'`, [buyer.address]);
    expect(jobs!.n).toBe(1);
  }, 60_000);

  it('still takes an x402 v1 payment in _meta (requirements from the HTTP 402 body), keeping v1 shapes in its refusal', async () => {
    const buyer = await stack.paying.newBuyer(500);
    const http402 = await fetch(`${stack.app.url}/acp/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ service_id: 'austrac_eligibility', ...args(buyer.address) }) });
    expect(http402.status).toBe(402);
    const v1 = (await jsonOf(http402)) as Json;
    expect(isPaymentRequiredV1(v1)).toBe(true);
    const payment = await new ExactEvmSchemeV1(buyer).createPaymentPayload(1, v1.accepts[0] as PaymentRequirements);
    const paid = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(paid.isError).toBeFalsy();
    expect((paid._meta as Json)['x402/payment-response']).toMatchObject({ success: true, network: 'base-sepolia', payer: buyer.address });
    const replay = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(replay.structuredContent).toMatchObject({ status: 402, x402Version: 1, error: 'invalid_exact_evm_nonce_already_used' });
  }, 60_000);

  it('refuses bad job input as a tool error naming the field, before any payment is asked for or taken', async () => {
    const buyer = await stack.paying.newBuyer(500);
    const refused = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: { ...args(buyer.address), buyer_agent_address: buyer.address.toLowerCase(), usdc_amount: 1 } });
    expect(refused.isError).toBe(true);
    const problem = refused.structuredContent as Json;
    expect(problem.status).toBe(422);
    expect((problem.detail as { loc: string[] }[]).map((i) => i.loc.join('.'))).toEqual(expect.arrayContaining(['body.buyer_agent_address', 'body.usdc_amount']));
  });
});
