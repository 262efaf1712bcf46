/**
 * Paid agent-job tools over x402's MCP transport, end to end: the official MCP client at
 * /mcp/agent-jobs, the API's in-process facilitator, a real worker and Temporal, and the run's anvil
 * (TestUSDC at Base Sepolia's USDC address). A buyer with no account and no free jobs left gets the
 * payment requirements in a tool error, pays with `_meta["x402/payment"]` (x402's own EVM client signs
 * it), and receives the settlement in `_meta["x402/payment-response"]`; the job is the one /acp/jobs keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPaymentRequiredV1 } from '@x402/core/schemas';
import type { PaymentRequirements } from '@x402/core/types';
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

  it('asks for payment in a tool error, settles the payment sent in _meta on anvil, returns the receipt in _meta, and never accepts it twice', async () => {
    const buyer = await stack.paying.newBuyer(500);
    const unpaid = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address) });
    expect(unpaid.isError).toBe(true);
    const required = unpaid.structuredContent as Json;
    expect(isPaymentRequiredV1(required)).toBe(true);
    expect(required).toMatchObject({ status: 402, x402Version: 1, accepts: [{ scheme: 'exact', network: 'base-sepolia', maxAmountRequired: String(usdcUnits(PRICE)), payTo: X402_PAY_TO, asset: X402_USDC }] });

    const payment = await new ExactEvmSchemeV1(buyer).createPaymentPayload(1, required.accepts[0] as PaymentRequirements);
    const [buyerBefore, payToBefore] = [await stack.paying.usdcOf(buyer.address), await stack.paying.usdcOf(X402_PAY_TO)];
    const paid = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(paid.isError).toBeFalsy();
    const job = paid.structuredContent as Json;
    expect(job).toMatchObject({ status: 'completed', service_id: 'austrac_eligibility', payment: { kind: 'x402' } });
    const settlement = (paid._meta as Json)['x402/payment-response'];
    expect(settlement).toEqual({ success: true, transaction: job.payment.tx_hash, network: 'base-sepolia', payer: buyer.address });
    expect((await stack.paying.chain.getTransactionReceipt({ hash: settlement.transaction as Hex })).status).toBe('success');
    expect(await stack.paying.usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    expect(await stack.paying.usdcOf(X402_PAY_TO)).toBe(payToBefore + usdcUnits(PRICE));
    // The job /acp/jobs keeps, also readable through the free get_agent_job tool.
    expect({ ...(await jsonOf(await fetch(`${stack.app.url}/acp/jobs/${job.acp_job_id}`))), reputation: null }).toEqual({ ...job, reputation: null });
    expect((await mcp.callTool({ name: 'get_agent_job', arguments: { acp_job_id: job.acp_job_id } })).structuredContent).toMatchObject({ acp_job_id: job.acp_job_id, payment: { kind: 'x402' } });

    const replay = await mcp.callTool({ name: 'job_austrac_eligibility', arguments: args(buyer.address), _meta: { 'x402/payment': payment } });
    expect(replay.isError).toBe(true);
    expect(replay.structuredContent).toMatchObject({ status: 402, error: 'invalid_exact_evm_nonce_already_used' });
    expect((replay._meta ?? {})['x402/payment-response']).toBeUndefined();
    expect(await stack.paying.usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    const [jobs] = await sql<{ n: number }>(`select count(*)::int as n from acp_jobs where buyer_address = ? and workflow_id <> 'seeded'`, [buyer.address]);
    expect(jobs!.n).toBe(1);
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
