/**
 * Our ERC-8183 escrow (contracts/AgenticCommerce.sol) on the run's anvil, where the global setup
 * deployed it at its deterministic address: the job lifecycle with real TestUSDC, who may do what,
 * and the idempotent steps the worker takes (a repeated call sends nothing and moves nothing).
 */
import { createTestClient, erc20Abi, http, zeroAddress, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { compileContract } from '../../src/modules/acp/chain/contracts';
import { completeEscrowJob, createChainSigner, escrowAbi, readEscrowJob, rejectEscrowJob, submitDeliverable, type ChainSigner } from '../../src/modules/acp/escrow/escrow-chain';
import * as dev from '../../src/tools/agent-commerce-contracts';
import { missingFrom } from '../helpers/abi-shape';
import { createFundedEscrowJob } from '../helpers/escrow-buyer';
import { testRun } from '../helpers/test-run';

const rpcUrl = testRun().anvilRpcUrl;
const USDC = loadConfig({}).acp.usdcAddress as Address;
const { escrowAddress: ESCROW } = dev.localAgentCommerceAddresses();
const signer = (key: Hex) => createChainSigner(rpcUrl, 84_532, key);
const provider = signer(dev.ANVIL_PROVIDER_KEY);
const evaluator = signer(dev.ANVIL_EVALUATOR_KEY);
// anvil dev accounts 2, 3 and 8 as buyers (well-known test keys; 1, 4, 6 and 9 are ours).
const BUYER_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const BUYER3_KEY: Hex = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';
const buyer = signer(BUYER_KEY);
const buyer3 = signer(BUYER3_KEY);
const stranger = signer('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97');
const chain = provider.client;
const REASON: Hex = `0x${'ab'.repeat(32)}`;
const DELIVERABLE: Hex = `0x${'cd'.repeat(32)}`;

const balance = (who: Address) => chain.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const job = async (id: bigint) => (await readEscrowJob(chain, ESCROW, id))!;
const fundedJob = (buyerKey = BUYER_KEY, budget = 5_000_000n, expiresInSeconds = 3_600) =>
  createFundedEscrowJob(rpcUrl, buyerKey, {
    escrow: ESCROW, usdc: USDC, provider: provider.account.address, evaluator: evaluator.account.address, budget, expiresInSeconds, description: 'sanctions screening, job #1',
  });

/** A direct escrow call from `from`, mined; throws (with the decoded custom error) when it would revert. */
async function call(from: ChainSigner, functionName: string, args: readonly unknown[]): Promise<void> {
  const request = { address: ESCROW, abi: escrowAbi as Abi, functionName, args, account: from.account };
  await from.client.simulateContract(request);
  const hash = await from.send((nonce) => from.wallet.writeContract({ ...request, nonce, chain: from.client.chain }));
  expect((await from.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
}
const reverts = (from: ChainSigner, functionName: string, args: readonly unknown[]) =>
  from.client.simulateContract({ address: ESCROW, abi: escrowAbi as Abi, functionName, args, account: from.account });

describe('dev accounts and deployment', () => {
  it('names each anvil dev key with its address', () => {
    expect(privateKeyToAccount(dev.ANVIL_PROVIDER_KEY).address).toBe(dev.ANVIL_PROVIDER_ADDRESS);
    expect(privateKeyToAccount(dev.ANVIL_EVALUATOR_KEY).address).toBe(dev.ANVIL_EVALUATOR_ADDRESS);
    expect(privateKeyToAccount(dev.ANVIL_DEPLOYER_KEY).address).toBe(dev.ANVIL_DEPLOYER_ADDRESS);
    expect(dev.ANVIL_PROVIDER_ADDRESS).toBe(loadConfig({}).acp.payTo);
  });

  it('deploys at the deterministic addresses, paid in the local USDC, and again deploys nothing', async () => {
    expect(dev.localAgentCommerceAddresses()).toEqual({
      escrowAddress: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
      identityRegistryAddress: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
      reputationRegistryAddress: '0xb19b36b1456E65E3A6D514D3F715f204BD59f431',
    });
    expect(await chain.readContract({ address: ESCROW, abi: escrowAbi, functionName: 'paymentToken' })).toBe(USDC);
    const nonce = await chain.getTransactionCount({ address: dev.ANVIL_DEPLOYER_ADDRESS });
    const again = await dev.deployAgentCommerce(rpcUrl, { chainId: 84_532, usdcAddress: USDC, deployerKey: dev.ANVIL_DEPLOYER_KEY, providerKey: dev.ANVIL_PROVIDER_KEY, agentURI: 'unused' });
    expect(again).toEqual({ ...dev.localAgentCommerceAddresses(), agentId: 1n });
    expect(await chain.getTransactionCount({ address: dev.ANVIL_DEPLOYER_ADDRESS })).toBe(nonce);
  });

  it('hand-written ABI matches the compiled contract', () => {
    expect(missingFrom(compileContract('AgenticCommerce.sol', 'AgenticCommerce').abi, escrowAbi)).toEqual([]);
  });
});

describe('escrow lifecycle', () => {
  it('funded → submitted → completed pays the provider exactly the budget; repeats send nothing', async () => {
    const [buyerBefore, escrowBefore] = [await balance(buyer.account.address), await balance(ESCROW)];
    const id = await fundedJob();
    expect(await job(id)).toMatchObject({ id, client: buyer.account.address, provider: provider.account.address, evaluator: evaluator.account.address, budget: 5_000_000n, status: 'funded', description: 'sanctions screening, job #1' });
    expect(await balance(ESCROW)).toBe(escrowBefore + 5_000_000n);
    // The helper mints only the shortfall, so the buyer ends with what it had beyond the budget.
    expect(await balance(buyer.account.address)).toBe(buyerBefore >= 5_000_000n ? buyerBefore - 5_000_000n : 0n);

    const submitted = await submitDeliverable(provider, ESCROW, id, DELIVERABLE);
    expect(submitted).toEqual({ status: 'submitted', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect((await job(id)).deliverable).toBe(DELIVERABLE);
    expect(await submitDeliverable(provider, ESCROW, id, DELIVERABLE)).toEqual({ status: 'submitted', txHash: null });

    const providerBefore = await balance(provider.account.address);
    expect(await completeEscrowJob(evaluator, ESCROW, id, REASON)).toMatchObject({ status: 'completed', txHash: expect.any(String) });
    expect(await balance(provider.account.address)).toBe(providerBefore + 5_000_000n);
    expect(await balance(ESCROW)).toBe(escrowBefore);

    const nonces = [await chain.getTransactionCount({ address: provider.account.address }), await chain.getTransactionCount({ address: evaluator.account.address })];
    expect(await completeEscrowJob(evaluator, ESCROW, id, REASON)).toEqual({ status: 'completed', txHash: null });
    expect(await rejectEscrowJob(evaluator, ESCROW, id, REASON)).toEqual({ status: 'completed', txHash: null });
    expect(await submitDeliverable(provider, ESCROW, id, DELIVERABLE)).toEqual({ status: 'completed', txHash: null });
    expect([await chain.getTransactionCount({ address: provider.account.address }), await chain.getTransactionCount({ address: evaluator.account.address })]).toEqual(nonces);
    expect(await balance(provider.account.address)).toBe(providerBefore + 5_000_000n);
  });

  it('two concurrent tries of one step change the job once', async () => {
    const id = await fundedJob();
    const results = await Promise.all([submitDeliverable(provider, ESCROW, id, DELIVERABLE), submitDeliverable(provider, ESCROW, id, DELIVERABLE)]);
    expect(results.map((r) => r.status)).toEqual(['submitted', 'submitted']);
    expect(results.filter((r) => r.txHash !== null).length).toBe(1);
    const events = await chain.getContractEvents({ address: ESCROW, abi: escrowAbi, eventName: 'JobSubmitted', args: { jobId: id }, fromBlock: 'earliest' });
    expect(events).toHaveLength(1);
  });

  it.each(['funded', 'submitted'] as const)('the evaluator rejecting a %s job refunds the client', async (from) => {
    const id = await fundedJob(BUYER3_KEY, 2_500_000n);
    if (from === 'submitted') await submitDeliverable(provider, ESCROW, id, DELIVERABLE);
    const before = await balance(buyer3.account.address);
    expect(await rejectEscrowJob(evaluator, ESCROW, id, REASON)).toMatchObject({ status: 'rejected', txHash: expect.any(String) });
    expect(await balance(buyer3.account.address)).toBe(before + 2_500_000n);
    expect(await rejectEscrowJob(evaluator, ESCROW, id, REASON)).toEqual({ status: 'rejected', txHash: null });
    expect(await completeEscrowJob(evaluator, ESCROW, id, REASON)).toEqual({ status: 'rejected', txHash: null });
    expect(await balance(buyer3.account.address)).toBe(before + 2_500_000n);
  });

  it('the client may reject an Open job (nothing to refund); the evaluator may not', async () => {
    const { timestamp } = await chain.getBlock();
    await call(buyer, 'createJob', [provider.account.address, evaluator.account.address, timestamp + 3_600n, 'open job', zeroAddress]);
    const id = await chain.readContract({ address: ESCROW, abi: escrowAbi, functionName: 'jobCounter' });
    await expect(rejectEscrowJob(evaluator, ESCROW, id, REASON)).rejects.toThrow(/cannot reject escrow job \d+: it is open/);
    await expect(submitDeliverable(provider, ESCROW, id, DELIVERABLE)).rejects.toThrow(/cannot submit/);
    await call(buyer, 'reject', [id, REASON, '0x']);
    expect((await job(id)).status).toBe('rejected');
  });

  it('anyone may claim the refund of a funded job once it has expired', async () => {
    const id = await fundedJob(BUYER3_KEY, 1_000_000n, 4);
    const { expiredAt } = await job(id);
    await expect(reverts(stranger, 'claimRefund', [id])).rejects.toThrow(/NotExpired/);
    // Real seconds pass and empty blocks are mined, rather than jumping the shared chain's clock
    // (other test files sign x402 authorizations valid for minutes of wall-clock time).
    const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
    while ((await chain.getBlock()).timestamp < expiredAt) {
      await new Promise((done) => setTimeout(done, 500));
      await test.mine({ blocks: 1 });
    }
    const before = await balance(buyer3.account.address);
    await call(stranger, 'claimRefund', [id]);
    expect((await job(id)).status).toBe('expired');
    expect(await balance(buyer3.account.address)).toBe(before + 1_000_000n);
    expect(await submitDeliverable(provider, ESCROW, id, DELIVERABLE)).toEqual({ status: 'expired', txHash: null });
    await expect(reverts(stranger, 'claimRefund', [id])).rejects.toThrow(/InvalidStatus/);
  });

  it('refuses calls from the wrong role, a wrong expected budget and bad terms', async () => {
    const id = await fundedJob();
    await expect(reverts(buyer, 'submit', [id, DELIVERABLE, '0x'])).rejects.toThrow(/Unauthorized/);
    await expect(reverts(evaluator, 'submit', [id, DELIVERABLE, '0x'])).rejects.toThrow(/Unauthorized/);
    await expect(reverts(buyer, 'reject', [id, REASON, '0x'])).rejects.toThrow(/Unauthorized/);
    await submitDeliverable(provider, ESCROW, id, DELIVERABLE);
    await expect(reverts(provider, 'complete', [id, REASON, '0x'])).rejects.toThrow(/Unauthorized/);
    await expect(reverts(buyer, 'complete', [id, REASON, '0x'])).rejects.toThrow(/Unauthorized/);

    const { timestamp } = await chain.getBlock();
    await call(buyer, 'createJob', [zeroAddress, evaluator.account.address, timestamp + 3_600n, 'no provider yet', zeroAddress]);
    const open = await chain.readContract({ address: ESCROW, abi: escrowAbi, functionName: 'jobCounter' });
    await call(buyer, 'setBudget', [open, 1_000_000n, '0x']);
    await expect(reverts(buyer, 'fund', [open, 1_000_000n, '0x'])).rejects.toThrow(/ProviderNotSet/);
    await expect(reverts(stranger, 'setProvider', [open, provider.account.address, '0x'])).rejects.toThrow(/Unauthorized/);
    await call(buyer, 'setProvider', [open, provider.account.address, '0x']);
    await expect(reverts(stranger, 'setBudget', [open, 1n, '0x'])).rejects.toThrow(/Unauthorized/);
    await expect(reverts(buyer, 'fund', [open, 999_999n, '0x'])).rejects.toThrow(/BudgetMismatch/);
    await expect(reverts(stranger, 'fund', [open, 1_000_000n, '0x'])).rejects.toThrow(/Unauthorized/);
    await expect(reverts(buyer, 'createJob', [provider.account.address, zeroAddress, timestamp + 3_600n, 'x', zeroAddress])).rejects.toThrow(/ZeroEvaluator/);
    await expect(reverts(buyer, 'createJob', [provider.account.address, evaluator.account.address, timestamp - 1n, 'x', zeroAddress])).rejects.toThrow(/ExpiryNotInFuture/);
    await expect(reverts(buyer, 'createJob', [provider.account.address, evaluator.account.address, timestamp + 3_600n, 'x', stranger.account.address])).rejects.toThrow(/HooksNotSupported/);
  });

  it('reads an id never issued as undefined', async () => {
    expect(await readEscrowJob(chain, ESCROW, 10_000_000n)).toBeUndefined();
    await expect(submitDeliverable(provider, ESCROW, 10_000_000n, DELIVERABLE)).rejects.toThrow(/has no job/);
  });
});
