/**
 * Agent-job payments on a real local EVM: anvil (from npm) at Base Sepolia's chain id, our TestUSDC
 * compiled with solc-js and placed at Base Sepolia's USDC address, real transactions signed with
 * anvil's well-known dev keys, and `verifyUsdcTransfer` reading them back through viem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestClient,
  createWalletClient,
  domainSeparator,
  http,
  parseEther,
  parseSignature,
  toHex,
  type Abi,
  type Address,
  type Hex,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { installTestUsdc, resolveAnvil, startAnvil, type RunningAnvil } from '../../src/tools/anvil';
import { chainDefinition, createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { formatUsdc, usdcUnits, verifyUsdcTransfer } from '../../src/modules/acp/chain/usdc-payment';
import { compileTestUsdc } from '../../src/modules/acp/chain/test-usdc';
import { transferWithAuthorizationTypes } from '../helpers/eip3009';

const CHAIN_ID = 84_532;
const USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
/** A second token with the same code elsewhere: its Transfers must not count as USDC. */
const OTHER_TOKEN: Address = '0x00000000000000000000000000000000000c0ffe';
const PAY_TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
// anvil's default dev accounts 0, 2 and 3 (well-known test keys).
const buyer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const relayer = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const stranger = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');

let anvil: RunningAnvil;
let client: ChainClient;
let abi: Abi;

function wallet(account: typeof buyer): WalletClient {
  const chain = chainDefinition(anvil.rpcUrl, CHAIN_ID);
  return createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });
}

async function mined(hash: Hex) {
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

async function send(account: typeof buyer, functionName: string, args: readonly unknown[], options: { token?: Address; gas?: bigint } = {}): Promise<Hex> {
  const hash = await wallet(account).writeContract({ address: options.token ?? USDC, abi, functionName, args, account, chain: client.chain, gas: options.gas });
  await mined(hash);
  return hash;
}

const check = (txHash: string, overrides: Partial<Parameters<typeof verifyUsdcTransfer>[1]> = {}) =>
  verifyUsdcTransfer(client, { txHash, from: buyer.address, payTo: PAY_TO, usdcAddress: USDC, minAmountUnits: usdcUnits(3), confirmations: 1, ...overrides });

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  client = createChainClient(anvil.rpcUrl, CHAIN_ID);
  ({ abi } = await installTestUsdc(anvil.rpcUrl, USDC));
  await installTestUsdc(anvil.rpcUrl, OTHER_TOKEN);
  await send(buyer, 'mint', [buyer.address, usdcUnits(100)]);
  await send(stranger, 'mint', [stranger.address, usdcUnits(100)]);
});

afterAll(async () => {
  await anvil?.stop();
});

describe('local chain', () => {
  it('runs the npm-shipped anvil at chain id 84532', async () => {
    expect(resolveAnvil()).toMatch(/@foundry-rs[\\/]anvil-[a-z0-9]+-[a-z0-9]+[\\/]bin[\\/]anvil/);
    expect(anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await client.getChainId()).toBe(CHAIN_ID);
  });

  it("puts a 6-decimal USD Coin at Base Sepolia's USDC address", async () => {
    const read = (functionName: string, args: readonly unknown[] = []) => client.readContract({ address: USDC, abi, functionName, args });
    expect(await read('name')).toBe('USD Coin');
    expect(await read('symbol')).toBe('USDC');
    expect(await read('decimals')).toBe(6);
    expect(await read('balanceOf', [buyer.address])).toBe(usdcUnits(100));
    // EIP-712 domain computed at call time: right even though the constructor never ran.
    expect(await read('DOMAIN_SEPARATOR')).toBe(domainSeparator({ domain: { name: 'USDC', version: '2', chainId: CHAIN_ID, verifyingContract: USDC } }));
  });

  it('compiles the contract once per process', () => {
    expect(compileTestUsdc()).toBe(compileTestUsdc());
    expect(compileTestUsdc().deployedBytecode).toMatch(/^0x[0-9a-f]+$/);
  });
});

describe('usdcUnits', () => {
  it('converts to 6-decimal units without floating error', () => {
    expect(usdcUnits(3)).toBe(3_000_000n);
    expect(usdcUnits(1.5)).toBe(1_500_000n);
    expect(usdcUnits(0.1 + 0.2)).toBe(300_000n);
    expect(usdcUnits(1.005)).toBe(1_005_000n);
    expect(usdcUnits(0.0000015)).toBe(2n);
    expect(usdcUnits(4e-7)).toBe(0n);
    expect(usdcUnits(123456.123456)).toBe(123_456_123_456n);
    expect(formatUsdc(1_500_000n)).toBe('1.5');
    expect(() => usdcUnits(-1)).toThrow(RangeError);
    expect(() => usdcUnits(Number.NaN)).toThrow(RangeError);
  });
});

describe('verifyUsdcTransfer', () => {
  it('accepts a transfer from the buyer to the pay-to address of at least the amount', async () => {
    const hash = await send(buyer, 'transfer', [PAY_TO, usdcUnits(3.25)]);
    const receipt = await client.getTransactionReceipt({ hash });
    expect(await check(hash)).toEqual({ ok: true, amountUnits: 3_250_000n, blockNumber: receipt.blockNumber });
    expect(await check(hash, { minAmountUnits: usdcUnits(3.25) })).toMatchObject({ ok: true });
  });

  it('refuses an underpayment', async () => {
    const hash = await send(buyer, 'transfer', [PAY_TO, usdcUnits(1.5)]);
    expect(await check(hash)).toEqual({ ok: false, reason: 'amount 1.5 USDC is below the 3 USDC required', retryable: false });
  });

  it('refuses a transfer to another address', async () => {
    const hash = await send(buyer, 'transfer', [stranger.address, usdcUnits(5)]);
    expect(await check(hash)).toEqual({ ok: false, reason: 'no USDC Transfer to the pay-to address', retryable: false });
  });

  it('refuses a transfer of another token to the pay-to address', async () => {
    await send(buyer, 'mint', [buyer.address, usdcUnits(10)], { token: OTHER_TOKEN });
    const hash = await send(buyer, 'transfer', [PAY_TO, usdcUnits(5)], { token: OTHER_TOKEN });
    expect(await check(hash)).toMatchObject({ ok: false, reason: 'no USDC Transfer to the pay-to address' });
  });

  it('refuses a plain ETH transfer', async () => {
    const hash = await wallet(buyer).sendTransaction({ to: PAY_TO, value: parseEther('1'), account: buyer, chain: client.chain });
    await mined(hash);
    expect(await check(hash)).toMatchObject({ ok: false, reason: 'no USDC Transfer to the pay-to address' });
  });

  it('refuses a payment sent from another wallet', async () => {
    const hash = await send(stranger, 'transfer', [PAY_TO, usdcUnits(5)]);
    expect(await check(hash)).toEqual({ ok: false, reason: 'sent from another wallet', retryable: false });
  });

  it('refuses a reverted transaction', async () => {
    // More than the balance, with a manual gas limit so it is mined (and reverts) instead of failing estimation.
    const hash = await send(buyer, 'transfer', [PAY_TO, usdcUnits(1_000_000)], { gas: 100_000n });
    expect((await client.getTransactionReceipt({ hash })).status).toBe('reverted');
    expect(await check(hash)).toEqual({ ok: false, reason: 'transaction reverted', retryable: false });
  });

  it('refuses an unknown hash, and something that is not a hash', async () => {
    expect(await check(toHex(randomBytes(32)))).toEqual({ ok: false, reason: 'transaction not found', retryable: true });
    expect(await check('0x1234')).toMatchObject({ ok: false, retryable: false });
  });

  it('waits for the configured confirmations', async () => {
    const hash = await send(buyer, 'transfer', [PAY_TO, usdcUnits(3)]);
    expect(await check(hash, { confirmations: 3 })).toEqual({ ok: false, reason: 'not enough confirmations (1 of 3)', retryable: true });
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks: 2 });
    expect(await check(hash, { confirmations: 3 })).toMatchObject({ ok: true, amountUnits: 3_000_000n });
  });
});

describe('EIP-3009 transferWithAuthorization', () => {
  it('moves funds signed by the buyer and submitted by a relayer, once', async () => {
    const nonce = toHex(randomBytes(32));
    const { timestamp } = await client.getBlock();
    const message = { from: buyer.address, to: PAY_TO, value: usdcUnits(4), validAfter: 0n, validBefore: timestamp + 3600n, nonce };
    const signature = await buyer.signTypedData({
      domain: { name: 'USDC', version: '2', chainId: CHAIN_ID, verifyingContract: USDC },
      types: transferWithAuthorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message,
    });
    const { r, s, v } = parseSignature(signature);
    const args = [message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce, Number(v), r, s] as const;
    const balance = (address: Address) => client.readContract({ address: USDC, abi, functionName: 'balanceOf', args: [address] }) as Promise<bigint>;
    const [buyerBefore, payToBefore] = [await balance(buyer.address), await balance(PAY_TO)];

    const hash = await send(relayer, 'transferWithAuthorization', args);
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(relayer.address.toLowerCase());
    expect(await balance(buyer.address)).toBe(buyerBefore - usdcUnits(4));
    expect(await balance(PAY_TO)).toBe(payToBefore + usdcUnits(4));
    expect(await client.readContract({ address: USDC, abi, functionName: 'authorizationState', args: [buyer.address, nonce] })).toBe(true);
    // The Transfer's `from` is the buyer, so the direct-payment check accepts it whoever relayed it.
    expect(await check(hash)).toMatchObject({ ok: true, amountUnits: usdcUnits(4) });

    // A replay, or a signature over other terms, is refused by the contract.
    await expect(client.simulateContract({ address: USDC, abi, functionName: 'transferWithAuthorization', args, account: relayer })).rejects.toThrow(/authorization is used or canceled/);
    const tampered = [message.from, message.to, usdcUnits(40), message.validAfter, message.validBefore, toHex(randomBytes(32)), Number(v), r, s] as const;
    await expect(client.simulateContract({ address: USDC, abi, functionName: 'transferWithAuthorization', args: tampered, account: relayer })).rejects.toThrow(/invalid signature/);
  });
});
