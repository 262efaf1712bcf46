/**
 * Our ERC-8004 identity and reputation registries on the run's anvil (deployed by the global setup,
 * our agent registered as id 1), through the viem wrappers the worker uses.
 */
import { keccak256, parseEventLogs, toHex, type Abi, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../src/modules/acp/chain/contracts';
import { createChainSigner, type ChainSigner } from '../../src/modules/acp/escrow/escrow-chain';
import {
  agentOwner,
  feedbackCount,
  giveFeedback,
  identityRegistryAbi,
  readReputationSummary,
  registerAgent,
  reputationRegistryAbi,
  type Feedback,
} from '../../src/modules/acp/reputation/reputation-chain';
import * as dev from '../../src/tools/agent-commerce-contracts';
import { missingFrom } from '../helpers/abi-shape';
import { testRun } from '../helpers/test-run';

const rpcUrl = testRun().anvilRpcUrl;
const { identityRegistryAddress: IDENTITY, reputationRegistryAddress: REPUTATION } = dev.localAgentCommerceAddresses();
const signer = (key: Hex) => createChainSigner(rpcUrl, 84_532, key);
// anvil dev accounts 7 and 8 (well-known test keys): an agent owner, and a client rating it.
const owner = signer('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356');
const rater = signer('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97');
const chain = owner.client;
const E18 = 10n ** 18n;

const feedback = (agentId: bigint, overrides: Partial<Feedback> = {}): Feedback => ({
  agentId,
  value: 87n,
  valueDecimals: 0,
  tag1: 'quality',
  tag2: 'escrow',
  endpoint: 'https://api.example.test/v1/acp/jobs',
  feedbackURI: '',
  feedbackHash: keccak256(toHex('job 42 went well')),
  ...overrides,
});

const reverts = (from: ChainSigner, functionName: string, args: readonly unknown[]) =>
  from.client.simulateContract({ address: REPUTATION, abi: reputationRegistryAbi as Abi, functionName, args, account: from.account });

describe('identity registry', () => {
  it('holds our agent as id 1, owned by the provider key', async () => {
    expect(await agentOwner(chain, IDENTITY, 1n)).toBe(dev.ANVIL_PROVIDER_ADDRESS);
    expect(await chain.readContract({ address: IDENTITY, abi: identityRegistryAbi, functionName: 'tokenURI', args: [1n] })).toMatch(/\/\.well-known\/agent\.json$/);
    expect(await agentOwner(chain, IDENTITY, 1_000_000n)).toBeUndefined();
  });

  it('registers an agent to its caller and reads its id from the Registered event', async () => {
    const before = await chain.readContract({ address: IDENTITY, abi: identityRegistryAbi, functionName: 'balanceOf', args: [owner.account.address] });
    const agentId = await registerAgent(owner, IDENTITY, 'https://agent.example.test/agent.json');
    expect(agentId).toBeGreaterThan(1n);
    expect(await agentOwner(chain, IDENTITY, agentId)).toBe(owner.account.address);
    expect(await chain.readContract({ address: IDENTITY, abi: identityRegistryAbi, functionName: 'tokenURI', args: [agentId] })).toBe('https://agent.example.test/agent.json');
    expect(await chain.readContract({ address: IDENTITY, abi: identityRegistryAbi, functionName: 'balanceOf', args: [owner.account.address] })).toBe(before + 1n);
  });

  it('hand-written ABIs match the compiled contracts', () => {
    expect(missingFrom(compileContract('AgentIdentityRegistry.sol', 'AgentIdentityRegistry').abi, identityRegistryAbi)).toEqual([]);
    expect(missingFrom(compileContract('AgentReputationRegistry.sol', 'AgentReputationRegistry').abi, reputationRegistryAbi)).toEqual([]);
  });
});

describe('reputation registry', () => {
  it('records feedback from a client, reads it back, summarises and revokes it', async () => {
    const agentId = await registerAgent(owner, IDENTITY, 'https://agent.example.test/rated.json');
    const me: Address = rater.account.address;
    expect(await chain.readContract({ address: REPUTATION, abi: reputationRegistryAbi, functionName: 'getIdentityRegistry' })).toBe(IDENTITY);
    expect(await feedbackCount(chain, REPUTATION, agentId, me)).toBe(0n);

    const hash = await giveFeedback(rater, REPUTATION, feedback(agentId));
    const receipt = await chain.getTransactionReceipt({ hash });
    const [event] = parseEventLogs({ abi: reputationRegistryAbi, eventName: 'NewFeedback', logs: receipt.logs });
    expect(event?.args).toMatchObject({ agentId, clientAddress: me, feedbackIndex: 1n, value: 87n, valueDecimals: 0, indexedTag1: keccak256(toHex('quality')), tag1: 'quality', tag2: 'escrow' });
    expect(await feedbackCount(chain, REPUTATION, agentId, me)).toBe(1n);

    await giveFeedback(rater, REPUTATION, feedback(agentId, { value: 9_050n, valueDecimals: 2, tag2: 'x402' }));
    expect(await feedbackCount(chain, REPUTATION, agentId, me)).toBe(2n);
    const read = (index: bigint) => chain.readContract({ address: REPUTATION, abi: reputationRegistryAbi, functionName: 'readFeedback', args: [agentId, me, index] });
    expect(await read(2n)).toEqual([9_050n, 2, 'quality', 'x402', false]);
    expect(await chain.readContract({ address: REPUTATION, abi: reputationRegistryAbi, functionName: 'getClients', args: [agentId] })).toEqual([me]);

    // The mean of 87 and 90.50, at 18 decimals; filters narrow it.
    expect(await readReputationSummary(chain, REPUTATION, agentId, [])).toEqual({ count: 2n, value: 8_875n * 10n ** 16n, decimals: 18 });
    expect(await readReputationSummary(chain, REPUTATION, agentId, [me], 'quality', 'escrow')).toEqual({ count: 1n, value: 87n * E18, decimals: 18 });
    expect(await readReputationSummary(chain, REPUTATION, agentId, [owner.account.address])).toEqual({ count: 0n, value: 0n, decimals: 0 });
    expect(await readReputationSummary(chain, REPUTATION, agentId, [], 'speed')).toMatchObject({ count: 0n });

    await rater.client.waitForTransactionReceipt({
      hash: await rater.send((nonce) => rater.wallet.writeContract({ address: REPUTATION, abi: reputationRegistryAbi, functionName: 'revokeFeedback', args: [agentId, 1n], nonce })),
    });
    expect((await read(1n))[4]).toBe(true);
    expect(await readReputationSummary(chain, REPUTATION, agentId, [])).toEqual({ count: 1n, value: 9_050n * 10n ** 16n, decimals: 18 });
    await expect(reverts(rater, 'revokeFeedback', [agentId, 1n])).rejects.toThrow(/AlreadyRevoked/);
    await expect(read(3n)).rejects.toThrow(/FeedbackNotFound/);
  });

  it("refuses an owner's feedback on its own agent, an unknown agent, and more than 18 decimals", async () => {
    const agentId = await registerAgent(owner, IDENTITY, 'https://agent.example.test/self.json');
    await expect(giveFeedback(owner, REPUTATION, feedback(agentId))).rejects.toThrow(/SelfFeedback/);
    await expect(giveFeedback(rater, REPUTATION, feedback(1_000_000n))).rejects.toThrow(/AgentNotFound/);
    await expect(giveFeedback(rater, REPUTATION, feedback(agentId, { valueDecimals: 19 }))).rejects.toThrow(/TooManyDecimals/);
    expect(await feedbackCount(chain, REPUTATION, agentId, owner.account.address)).toBe(0n);
  });
});
