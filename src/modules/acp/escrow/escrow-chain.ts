/**
 * Our side of an ERC-8183 job escrow (contracts/AgenticCommerce.sol, or any contract with its ABI):
 * reading a job, and the three steps we take on one: the provider's `submit`, the evaluator's
 * `complete` or `reject`. They run inside Temporal activities, which may be retried after a crash at
 * any point, so every step is idempotent: it reads the job first and sends nothing when the job is
 * already at or past the step, and a send that fails because the job moved meanwhile (another try
 * got there first) reports the job's state instead of failing. The contract's one-way state machine
 * is the final guard: no step can change a job twice.
 */
import { createPublicClient, createWalletClient, http, parseAbi, zeroAddress, type Address, type Chain, type Hex, type HttpTransport, type PrivateKeyAccount, type WalletClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainDefinition, type ChainClient } from '../chain/client';

export const escrowAbi = parseAbi([
  'struct Job { address client; address provider; address evaluator; string description; uint256 budget; uint256 expiredAt; uint8 status; address hook; bytes32 deliverable; }',
  'function createJob(address provider, address evaluator, uint256 expiredAt, string description, address hook) returns (uint256 jobId)',
  'function setProvider(uint256 jobId, address provider, bytes optParams)',
  'function setBudget(uint256 jobId, uint256 amount, bytes optParams)',
  'function fund(uint256 jobId, uint256 expectedBudget, bytes optParams)',
  'function submit(uint256 jobId, bytes32 deliverable, bytes optParams)',
  'function complete(uint256 jobId, bytes32 reason, bytes optParams)',
  'function reject(uint256 jobId, bytes32 reason, bytes optParams)',
  'function claimRefund(uint256 jobId)',
  'function getJob(uint256 jobId) view returns (Job)',
  'function paymentToken() view returns (address)',
  'function jobCounter() view returns (uint256)',
  'event JobCreated(uint256 indexed jobId, address indexed client, address indexed provider, address evaluator, uint256 expiredAt, string description)',
  'event ProviderSet(uint256 indexed jobId, address indexed provider)',
  'event BudgetSet(uint256 indexed jobId, uint256 amount)',
  'event JobFunded(uint256 indexed jobId, address indexed client, uint256 amount)',
  'event JobSubmitted(uint256 indexed jobId, address indexed provider, bytes32 deliverable)',
  'event JobCompleted(uint256 indexed jobId, address indexed evaluator, bytes32 reason)',
  'event JobRejected(uint256 indexed jobId, address indexed rejector, bytes32 reason)',
  'event JobExpired(uint256 indexed jobId)',
  'error JobNotFound(uint256 jobId)',
  'error InvalidStatus(uint256 jobId, uint8 status)',
  'error Unauthorized(uint256 jobId, address caller)',
  'error ZeroEvaluator()',
  'error ExpiryNotInFuture(uint256 expiredAt)',
  'error HooksNotSupported(address hook)',
  'error ZeroProvider()',
  'error ProviderAlreadySet(uint256 jobId)',
  'error ProviderNotSet(uint256 jobId)',
  'error ZeroBudget(uint256 jobId)',
  'error BudgetMismatch(uint256 jobId, uint256 budget, uint256 expectedBudget)',
  'error NotExpired(uint256 jobId, uint256 expiredAt)',
  'error TokenTransferFailed()',
]);

/** The contract's `JobStatus` enum, in order (its uint8 value is the index). */
export const ESCROW_STATUSES = ['open', 'funded', 'submitted', 'completed', 'rejected', 'expired'] as const;
export type EscrowStatus = (typeof ESCROW_STATUSES)[number];

export interface EscrowJob {
  id: bigint;
  client: Address;
  provider: Address;
  evaluator: Address;
  description: string;
  budget: bigint;
  expiredAt: bigint;
  status: EscrowStatus;
  deliverable: Hex;
}

/** What a step did: the job's status afterwards, and our transaction (null when nothing was sent, or ours was not the one that moved it). */
export interface EscrowStepResult {
  status: EscrowStatus;
  txHash: Hex | null;
}

/** The job, or undefined when `jobId` was never issued (the contract answers an all-zero job). */
export async function readEscrowJob(chain: ChainClient, escrow: Address, jobId: bigint, blockNumber?: bigint): Promise<EscrowJob | undefined> {
  const job = await chain.readContract({ address: escrow, abi: escrowAbi, functionName: 'getJob', args: [jobId], blockNumber });
  if (job.client === zeroAddress) return undefined;
  const status = ESCROW_STATUSES[job.status];
  if (!status) throw new Error(`escrow ${escrow} returned an unknown status ${job.status} for job ${jobId}`);
  const { client, provider, evaluator, description, budget, expiredAt, deliverable } = job;
  return { id: jobId, client, provider, evaluator, description, budget, expiredAt, status, deliverable };
}

export interface ChainSigner {
  account: PrivateKeyAccount;
  wallet: WalletClient<HttpTransport, Chain, PrivateKeyAccount>;
  /** Reads and receipts, on the same RPC. */
  client: ChainClient;
  /** Broadcasts one transaction in this key's nonce sequence: `broadcast` gets the nonce to use and returns the hash. */
  send(broadcast: (nonce: number) => Promise<Hex>): Promise<Hex>;
}

/** Per RPC and key: the broadcast queue, and the nonce after the last one this process broadcast. */
const sequences = new Map<string, { queue: Promise<unknown>; next: number | undefined }>();

/**
 * A signer for `privateKey`: a wallet client and a public client on the same RPC, with a nonce
 * manager of our own. Broadcasts from one key in this process go one at a time, each with
 * max(the node's pending count, the last nonce we used + 1), and a nonce counts as used only once
 * the node has taken the transaction. (viem's nonce manager reserves the nonce before estimating
 * gas, so a send that reverts in estimation leaves a gap that stalls every later transaction.)
 */
export function createChainSigner(rpcUrl: string, chainId: number, privateKey: Hex): ChainSigner {
  const account = privateKeyToAccount(privateKey);
  const chain = chainDefinition(rpcUrl, chainId);
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 1_000 });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const key = `${rpcUrl}|${chainId}|${account.address.toLowerCase()}`;
  let sequence = sequences.get(key);
  if (!sequence) sequences.set(key, (sequence = { queue: Promise.resolve(), next: undefined }));
  const seq = sequence;
  const send = (broadcast: (nonce: number) => Promise<Hex>): Promise<Hex> => {
    const turn = async () => {
      const pending = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
      const nonce = seq.next !== undefined && seq.next > pending ? seq.next : pending;
      const hash = await broadcast(nonce);
      seq.next = nonce + 1;
      return hash;
    };
    const result = seq.queue.then(turn, turn);
    seq.queue = result.catch(() => undefined);
    return result;
  };
  return { account, wallet, client, send };
}

type Step = 'submit' | 'complete' | 'reject';

/** The statuses a step may be sent from. Any other status is either past the step (terminal, or submitted for `submit`) or too early. */
const SENDABLE: Record<Step, readonly EscrowStatus[]> = { submit: ['funded'], complete: ['submitted'], reject: ['funded', 'submitted'] };
const PAST: Record<Step, readonly EscrowStatus[]> = {
  submit: ['submitted', 'completed', 'rejected', 'expired'],
  complete: ['completed', 'rejected', 'expired'],
  reject: ['completed', 'rejected', 'expired'],
};

async function mustRead(chain: ChainClient, escrow: Address, jobId: bigint, blockNumber?: bigint): Promise<EscrowJob> {
  const job = await readEscrowJob(chain, escrow, jobId, blockNumber);
  if (!job) throw new Error(`escrow ${escrow} has no job ${jobId}`);
  return job;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
}

/** Takes `step` on the job unless it is already at or past it; see the module comment. */
async function takeStep(signer: ChainSigner, escrow: Address, jobId: bigint, step: Step, argument: Hex): Promise<EscrowStepResult> {
  const before = await mustRead(signer.client, escrow, jobId);
  if (PAST[step].includes(before.status)) return { status: before.status, txHash: null };
  if (!SENDABLE[step].includes(before.status)) throw new Error(`cannot ${step} escrow job ${jobId}: it is ${before.status}`);

  // Moved since we read it (a concurrent or earlier try): report where it is, if that is at or past the step.
  const movedOn = async (failure: string, cause: unknown): Promise<EscrowStepResult> => {
    const now = await mustRead(signer.client, escrow, jobId).catch(() => undefined);
    if (now && PAST[step].includes(now.status)) return { status: now.status, txHash: null };
    throw new Error(`${step} of escrow job ${jobId} (${now?.status ?? before.status}) ${failure}`, { cause });
  };

  let hash: Hex;
  try {
    const args = [jobId, argument, '0x'] as const;
    await signer.client.simulateContract({ address: escrow, abi: escrowAbi, functionName: step, args, account: signer.account });
    hash = await signer.send((nonce) => signer.wallet.writeContract({ address: escrow, abi: escrowAbi, functionName: step, args, nonce }));
  } catch (error) {
    return movedOn(`was not sent: ${reasonOf(error)}`, error);
  }
  const receipt = await signer.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') return movedOn(`reverted on chain in transaction ${hash}`, undefined);
  const after = await mustRead(signer.client, escrow, jobId, receipt.blockNumber);
  return { status: after.status, txHash: hash };
}

/** The provider hands in the deliverable (Funded → Submitted). Idempotent: nothing is sent once the job is submitted or ended. */
export function submitDeliverable(signer: ChainSigner, escrow: Address, jobId: bigint, deliverable: Hex): Promise<EscrowStepResult> {
  return takeStep(signer, escrow, jobId, 'submit', deliverable);
}

/** The evaluator accepts the work and releases the budget to the provider (Submitted → Completed). Idempotent; on a job that ended otherwise it sends nothing and returns that status. */
export function completeEscrowJob(signer: ChainSigner, escrow: Address, jobId: bigint, reason: Hex): Promise<EscrowStepResult> {
  return takeStep(signer, escrow, jobId, 'complete', reason);
}

/** The evaluator rejects the job and refunds the client (Funded or Submitted → Rejected). Idempotent; on an ended job it sends nothing and returns its status. */
export function rejectEscrowJob(signer: ChainSigner, escrow: Address, jobId: bigint, reason: Hex): Promise<EscrowStepResult> {
  return takeStep(signer, escrow, jobId, 'reject', reason);
}
