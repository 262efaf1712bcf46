/**
 * A buyer agent's side of an ERC-8183 escrow job on the run's anvil, for tests: mint TestUSDC to
 * the buyer when short, approve the escrow, create the job, set its budget and fund it, each a real
 * transaction signed with the buyer's key.
 */
import { erc20Abi, parseAbi, parseEventLogs, zeroAddress, type Address, type Hex } from 'viem';
import { createChainSigner, escrowAbi, type ChainSigner } from '../../src/modules/acp/escrow/escrow-chain';

const CHAIN_ID = 84_532;
const mintAbi = parseAbi(['function mint(address to, uint256 value)']);

export interface EscrowJobTerms {
  escrow: Address;
  usdc: Address;
  provider: Address;
  evaluator: Address;
  /** USDC base units (6 decimals). */
  budget: bigint;
  expiresInSeconds: number;
  description: string;
}

/** Sends a contract call from the buyer and waits for it; throws when it reverts. */
async function call(buyer: ChainSigner, address: Address, abi: typeof escrowAbi | typeof erc20Abi | typeof mintAbi, functionName: string, args: readonly unknown[]) {
  const hash: Hex = await buyer.send((nonce) => buyer.wallet.writeContract({ address, abi, functionName, args, nonce } as Parameters<typeof buyer.wallet.writeContract>[0]));
  const receipt = await buyer.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`${functionName} (${hash}) reverted`);
  return receipt;
}

/**
 * Creates and funds an escrow job from `buyerKey` (an anvil dev key) and returns its id. Its
 * expiry counts from the chain's latest block time, which tests may have moved ahead of the clock.
 */
export async function createFundedEscrowJob(rpcUrl: string, buyerKey: Hex, terms: EscrowJobTerms): Promise<bigint> {
  const buyer = createChainSigner(rpcUrl, CHAIN_ID, buyerKey);
  const me = buyer.account.address;
  const balance = await buyer.client.readContract({ address: terms.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [me] });
  if (balance < terms.budget) await call(buyer, terms.usdc, mintAbi, 'mint', [me, terms.budget - balance]);
  await call(buyer, terms.usdc, erc20Abi, 'approve', [terms.escrow, terms.budget]);

  const { timestamp } = await buyer.client.getBlock({ blockTag: 'latest' });
  const expiredAt = timestamp + BigInt(terms.expiresInSeconds);
  const created = await call(buyer, terms.escrow, escrowAbi, 'createJob', [terms.provider, terms.evaluator, expiredAt, terms.description, zeroAddress]);
  const event = parseEventLogs({ abi: escrowAbi, eventName: 'JobCreated', logs: created.logs })[0];
  if (!event) throw new Error('createJob emitted no JobCreated event');
  const jobId = event.args.jobId;
  await call(buyer, terms.escrow, escrowAbi, 'setBudget', [jobId, terms.budget, '0x']);
  await call(buyer, terms.escrow, escrowAbi, 'fund', [jobId, terms.budget, '0x']);
  return jobId;
}
