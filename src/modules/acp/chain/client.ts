/**
 * The viem public client agent-job payments are checked with: a custom chain definition (Base
 * Sepolia's id 84532 is named `base_sepolia`) pointed at the configured RPC, which is the local anvil
 * when no RPC URL is configured.
 */
import { createPublicClient, defineChain, http, type Chain, type HttpTransport, type PublicClient } from 'viem';

export const BASE_SEPOLIA_CHAIN_ID = 84_532;

/**
 * Chain ids of test networks, whose tokens have no value: Base Sepolia, Ethereum Sepolia and anvil's
 * default. The free tier exists only on these; any other id is treated as a main network.
 */
export const TEST_NETWORK_CHAIN_IDS: readonly number[] = [BASE_SEPOLIA_CHAIN_ID, 11_155_111, 31_337];

export const isTestNetwork = (chainId: number): boolean => TEST_NETWORK_CHAIN_IDS.includes(chainId);

export type ChainClient = PublicClient<HttpTransport, Chain>;

export function chainDefinition(rpcUrl: string, chainId: number): Chain {
  return defineChain({
    id: chainId,
    name: chainId === BASE_SEPOLIA_CHAIN_ID ? 'base_sepolia' : `evm_${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: isTestNetwork(chainId),
  });
}

export function createChainClient(rpcUrl: string, chainId: number): ChainClient {
  return createPublicClient({ chain: chainDefinition(rpcUrl, chainId), transport: http(rpcUrl) });
}
