/**
 * The viem public client agent-job payments are checked with: a custom chain definition (Base
 * Sepolia's id 84532 is named `base_sepolia`) pointed at the configured RPC, which is the local anvil
 * when no RPC URL is configured.
 */
import { createPublicClient, defineChain, http, type Chain, type HttpTransport, type PublicClient } from 'viem';

export const BASE_SEPOLIA_CHAIN_ID = 84_532;

export type ChainClient = PublicClient<HttpTransport, Chain>;

export function chainDefinition(rpcUrl: string, chainId: number): Chain {
  return defineChain({
    id: chainId,
    name: chainId === BASE_SEPOLIA_CHAIN_ID ? 'base_sepolia' : `evm_${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: chainId === BASE_SEPOLIA_CHAIN_ID,
  });
}

export function createChainClient(rpcUrl: string, chainId: number): ChainClient {
  return createPublicClient({ chain: chainDefinition(rpcUrl, chainId), transport: http(rpcUrl) });
}
