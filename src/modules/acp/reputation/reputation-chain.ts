/**
 * ERC-8004 identity and reputation registries through viem: registering our agent, finding an
 * agent's owner, leaving feedback and reading it back. Only the signatures the public ERC-8004
 * deployments share with ours (contracts/AgentIdentityRegistry.sol, AgentReputationRegistry.sol)
 * are used, so the same code runs against the local chain and the Base Sepolia registries.
 */
import { ContractFunctionRevertedError, BaseError, parseAbi, parseEventLogs, type Address, type Hex } from 'viem';
import type { ChainClient } from '../chain/client';
import type { ChainSigner } from '../escrow/escrow-chain';

export const identityRegistryAbi = parseAbi([
  'function register(string agentURI) returns (uint256 agentId)',
  'function ownerOf(uint256 agentId) view returns (address)',
  'function tokenURI(uint256 agentId) view returns (string)',
  'function balanceOf(address owner) view returns (uint256)',
  'event Registered(uint256 indexed agentId, string agentURI, address indexed owner)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'error ERC721NonexistentToken(uint256 tokenId)',
]);

export const reputationRegistryAbi = parseAbi([
  'function giveFeedback(uint256 agentId, int128 value, uint8 valueDecimals, string tag1, string tag2, string endpoint, string feedbackURI, bytes32 feedbackHash)',
  'function revokeFeedback(uint256 agentId, uint64 feedbackIndex)',
  'function getLastIndex(uint256 agentId, address clientAddress) view returns (uint64)',
  'function readFeedback(uint256 agentId, address clientAddress, uint64 feedbackIndex) view returns (int128 value, uint8 valueDecimals, string tag1, string tag2, bool isRevoked)',
  'function getClients(uint256 agentId) view returns (address[])',
  'function getSummary(uint256 agentId, address[] clientAddresses, string tag1, string tag2) view returns (uint64 count, int128 summaryValue, uint8 summaryValueDecimals)',
  'function getIdentityRegistry() view returns (address)',
  'event NewFeedback(uint256 indexed agentId, address indexed clientAddress, uint64 feedbackIndex, int128 value, uint8 valueDecimals, string indexed indexedTag1, string tag1, string tag2, string endpoint, string feedbackURI, bytes32 feedbackHash)',
  'event FeedbackRevoked(uint256 indexed agentId, address indexed clientAddress, uint64 indexed feedbackIndex)',
  // Our registry's reasons, so its reverts read by name (other deployments revert with strings, which viem reads anyway).
  'error AgentNotFound(uint256 agentId)',
  'error SelfFeedback(uint256 agentId)',
  'error TooManyDecimals(uint8 valueDecimals)',
  'error FeedbackNotFound(uint256 agentId, address clientAddress, uint64 feedbackIndex)',
  'error AlreadyRevoked(uint256 agentId, address clientAddress, uint64 feedbackIndex)',
]);

/** Waits for a broadcast transaction and throws, naming `what`, unless it succeeded. */
async function confirmed(signer: ChainSigner, hash: Hex, what: string) {
  const receipt = await signer.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what}: transaction ${hash} reverted`);
  return receipt;
}

/**
 * Registers a new agent owned by the signer, described by `agentURI` (its registration file), and
 * returns its id, read from the `Registered` event. Not idempotent (each call mints a new agent):
 * check the signer's existing agents first where a retry could repeat it.
 */
export async function registerAgent(signer: ChainSigner, identityRegistry: Address, agentURI: string): Promise<bigint> {
  const args = [agentURI] as const;
  await signer.client.simulateContract({ address: identityRegistry, abi: identityRegistryAbi, functionName: 'register', args, account: signer.account });
  const hash = await signer.send((nonce) => signer.wallet.writeContract({ address: identityRegistry, abi: identityRegistryAbi, functionName: 'register', args, nonce }));
  const receipt = await confirmed(signer, hash, 'agent registration');
  const registered = parseEventLogs({ abi: identityRegistryAbi, eventName: 'Registered', logs: receipt.logs }).find(
    (log) => log.address.toLowerCase() === identityRegistry.toLowerCase(),
  );
  if (!registered) throw new Error(`agent registration ${hash} emitted no Registered event from ${identityRegistry}`);
  return registered.args.agentId;
}

/** The agent's owner, or undefined when no such agent exists (the registry's `ownerOf` reverts, as ERC-721 does). RPC failures are thrown. */
export async function agentOwner(chain: ChainClient, identityRegistry: Address, agentId: bigint): Promise<Address | undefined> {
  try {
    return await chain.readContract({ address: identityRegistry, abi: identityRegistryAbi, functionName: 'ownerOf', args: [agentId] });
  } catch (error) {
    if (error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)) return undefined;
    throw error;
  }
}

export interface Feedback {
  agentId: bigint;
  /** Signed, scaled by 10^valueDecimals (e.g. 87 with 0 decimals, or 8_700 with 2). */
  value: bigint;
  valueDecimals: number;
  tag1: string;
  tag2: string;
  endpoint: string;
  feedbackURI: string;
  /** keccak256 of the feedback file at `feedbackURI`, or zero when there is none. */
  feedbackHash: Hex;
}

/**
 * Leaves the signer's feedback on an agent and returns the transaction hash once it succeeded. Each
 * call adds an entry: callers make it idempotent by comparing `feedbackCount` before and after.
 */
export async function giveFeedback(signer: ChainSigner, reputationRegistry: Address, feedback: Feedback): Promise<Hex> {
  const args = [feedback.agentId, feedback.value, feedback.valueDecimals, feedback.tag1, feedback.tag2, feedback.endpoint, feedback.feedbackURI, feedback.feedbackHash] as const;
  await signer.client.simulateContract({ address: reputationRegistry, abi: reputationRegistryAbi, functionName: 'giveFeedback', args, account: signer.account });
  const hash = await signer.send((nonce) => signer.wallet.writeContract({ address: reputationRegistry, abi: reputationRegistryAbi, functionName: 'giveFeedback', args, nonce }));
  await confirmed(signer, hash, `feedback on agent ${feedback.agentId}`);
  return hash;
}

export interface ReputationSummary {
  count: bigint;
  /** The mean, scaled by 10^decimals. */
  value: bigint;
  decimals: number;
}

/** Count and mean of the non-revoked feedback on an agent from `clients` (empty: all, where the registry allows it), filtered by tags (empty: any). */
export async function readReputationSummary(chain: ChainClient, reputationRegistry: Address, agentId: bigint, clients: Address[], tag1 = '', tag2 = ''): Promise<ReputationSummary> {
  const [count, value, decimals] = await chain.readContract({ address: reputationRegistry, abi: reputationRegistryAbi, functionName: 'getSummary', args: [agentId, clients, tag1, tag2] });
  return { count, value, decimals };
}

/** How many feedback entries `client` has left on the agent (the registry's last 1-based index): the idempotency check around `giveFeedback`. */
export async function feedbackCount(chain: ChainClient, reputationRegistry: Address, agentId: bigint, client: Address): Promise<bigint> {
  return chain.readContract({ address: reputationRegistry, abi: reputationRegistryAbi, functionName: 'getLastIndex', args: [agentId, client] });
}
