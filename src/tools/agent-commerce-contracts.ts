/**
 * The agent-commerce contracts on the local chain: our ERC-8183 escrow (paid in the local USDC) and
 * ERC-8004 identity and reputation registries, deployed with real transactions from anvil's dev
 * account 9, which nothing else uses. Contract addresses follow from the deployer and its nonce
 * (CREATE), so they are the same on every fresh anvil and can be configured as constants; and a
 * re-run against a chain that has them already deploys nothing. Our agent identity is registered
 * from the provider key. Dev keys only: these accounts are public test accounts.
 */
import { getAddress, getContractAddress, type Address, type Hex } from 'viem';
import { compileContract } from '../modules/acp/chain/contracts';
import { createChainSigner, escrowAbi, type ChainSigner } from '../modules/acp/escrow/escrow-chain';
import { agentOwner, identityRegistryAbi, registerAgent } from '../modules/acp/reputation/reputation-chain';

/** anvil dev account 1 (0x70997970C51812dc3A010C7d01b50e0d17dc79C8, the default pay-to address): our provider, which submits deliverables and owns our agent identity. */
export const ANVIL_PROVIDER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const ANVIL_PROVIDER_ADDRESS: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** anvil dev account 6 (0x976EA74026E726554dB657fA54763abd0C3a0aa9): our evaluator, which completes or rejects escrow jobs. */
export const ANVIL_EVALUATOR_KEY: Hex = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';
export const ANVIL_EVALUATOR_ADDRESS: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
/** anvil dev account 9 (0xa0Ee7A142d267C1f36714E4a8F75612F20a79720): deploys the contracts, and sends nothing else, so its nonces 0-2 are the contracts. */
export const ANVIL_DEPLOYER_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
export const ANVIL_DEPLOYER_ADDRESS: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

export interface AgentCommerceAddresses {
  escrowAddress: Address;
  identityRegistryAddress: Address;
  reputationRegistryAddress: Address;
}

/** Where the deployer's first three transactions (nonces 0, 1, 2) put the escrow, identity and reputation registries. */
export function localAgentCommerceAddresses(deployerAddress: Address = ANVIL_DEPLOYER_ADDRESS): AgentCommerceAddresses {
  const at = (nonce: bigint) => getContractAddress({ from: deployerAddress, nonce });
  return { escrowAddress: at(0n), identityRegistryAddress: at(1n), reputationRegistryAddress: at(2n) };
}

export interface DeployAgentCommerceOptions {
  chainId: number;
  /** The escrow's payment token (the local TestUSDC). */
  usdcAddress: string;
  deployerKey: Hex;
  /** Owns our agent identity. */
  providerKey: Hex;
  /** Our agent's registration file, e.g. the API's `/.well-known/agent.json`. */
  agentURI: string;
}

export interface AgentCommerceDeployment extends AgentCommerceAddresses {
  agentId: bigint;
}

/** Deploys the contract meant for the deployer's `nonce` unless code is already there. */
async function deployAt(deployer: ChainSigner, nonce: number, expected: Address, fileName: string, contractName: string, args: readonly unknown[]): Promise<void> {
  if (await deployer.client.getCode({ address: expected })) return;
  const { abi, bytecode } = compileContract(fileName, contractName);
  const hash = await deployer.send((next) => {
    if (next !== nonce) {
      throw new Error(`${contractName} must be the deployer's transaction ${nonce}, but ${deployer.account.address} is at nonce ${next}: it has been used for something else, so the addresses would not be the configured ones`);
    }
    return deployer.wallet.deployContract({ abi, bytecode, args, nonce });
  });
  const receipt = await deployer.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
    throw new Error(`deploying ${contractName} (${hash}) failed or landed at ${receipt.contractAddress ?? 'no address'}, not ${expected}`);
  }
}

/** The lowest-numbered agent `owner` registered and still owns, from the registry's `Registered` events. */
async function existingAgent(signer: ChainSigner, identityRegistry: Address, owner: Address): Promise<bigint | undefined> {
  const events = await signer.client.getContractEvents({ address: identityRegistry, abi: identityRegistryAbi, eventName: 'Registered', args: { owner }, fromBlock: 'earliest' });
  for (const event of events) {
    const { agentId } = event.args;
    if (agentId !== undefined && (await agentOwner(signer.client, identityRegistry, agentId))?.toLowerCase() === owner.toLowerCase()) return agentId;
  }
  return undefined;
}

/**
 * Deploys the escrow and both registries at their deterministic addresses (skipping any already
 * there) and makes sure our provider owns an agent identity (agent 1 on a fresh registry; an
 * agent it already owns is reused). Safe to run again on the same chain.
 */
export async function deployAgentCommerce(rpcUrl: string, options: DeployAgentCommerceOptions): Promise<AgentCommerceDeployment> {
  const deployer = createChainSigner(rpcUrl, options.chainId, options.deployerKey);
  const addresses = localAgentCommerceAddresses(deployer.account.address);
  const usdc = getAddress(options.usdcAddress);
  await deployAt(deployer, 0, addresses.escrowAddress, 'AgenticCommerce.sol', 'AgenticCommerce', [usdc]);
  await deployAt(deployer, 1, addresses.identityRegistryAddress, 'AgentIdentityRegistry.sol', 'AgentIdentityRegistry', []);
  await deployAt(deployer, 2, addresses.reputationRegistryAddress, 'AgentReputationRegistry.sol', 'AgentReputationRegistry', [addresses.identityRegistryAddress]);

  const token = await deployer.client.readContract({ address: addresses.escrowAddress, abi: escrowAbi, functionName: 'paymentToken' });
  if (token.toLowerCase() !== usdc.toLowerCase()) throw new Error(`the escrow at ${addresses.escrowAddress} is paid in ${token}, not the configured USDC ${usdc}`);

  const provider = createChainSigner(rpcUrl, options.chainId, options.providerKey);
  const agentId = (await existingAgent(provider, addresses.identityRegistryAddress, provider.account.address)) ?? (await registerAgent(provider, addresses.identityRegistryAddress, options.agentURI));
  return { ...addresses, agentId };
}
