/**
 * Agent jobs paid in USDC on an EVM chain (Base Sepolia's id by default). Without `rpcUrl` no payment
 * can be verified (npm start and the tests run a local anvil). Free jobs exist only when `chainId` is
 * a test network (spec: reputation; see src/modules/acp/free-tier.ts).
 */
import { z } from 'zod';
import { optionalString, privateKey, optionalAddress } from '../../schemas/environment-values';
import type { SettingProblem } from '../../schemas/environment-values';
import { describeDevelopmentAddress, developmentKeyIndex, DEVELOPMENT_PAY_TO_ADDRESS } from './chain/development-accounts';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const acpEnvironment = z.object({
  ACP_RPC_URL: optionalString.pipe(z.url().optional()),
  ACP_CHAIN_ID: z.coerce.number().int().min(1).default(84_532),
  ACP_PAY_TO_ADDRESS: optionalAddress,
  ACP_USDC_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address').default('0x036CbD53842c5426634e7929541eC2318f3dCF7e'),
  ACP_CONFIRMATIONS: z.coerce.number().int().min(0).max(100).default(1),
  ACP_FACILITATOR_PRIVATE_KEY: privateKey,
  ACP_FREE_JOBS_PER_WALLET: z.coerce.number().int().min(0).default(5),
  ACP_FREE_JOBS_PER_IP_PER_DAY: z.coerce.number().int().min(0).default(10),
  ACP_FREE_JOBS_PER_DAY: z.coerce.number().int().min(0).default(200),
  ACP_PROVIDER_PRIVATE_KEY: privateKey,
  ACP_EVALUATOR_PRIVATE_KEY: privateKey,
  ACP_ESCROW_ADDRESS: optionalAddress,
  ACP_IDENTITY_REGISTRY_ADDRESS: optionalAddress,
  ACP_REPUTATION_REGISTRY_ADDRESS: optionalAddress,
  ACP_AGENT_ID: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .refine((v) => v === undefined || (Number.isSafeInteger(v) && v >= 0), 'must be an ERC-8004 agent id (a non-negative integer)'),
  ACP_ESCROW_MIN_SECONDS_LEFT: z.coerce.number().int().min(0).default(600),
  ACP_WALLET_BLOCKLIST_FILE: optionalString,
  ACP_BOND_CLEAN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(30 * 24 * 3600),
  ACP_BOND_EXPIRY_MARGIN_SECONDS: z.coerce.number().int().min(0).default(7 * 24 * 3600),
  ACP_ABUSE_REVIEW_EVERY_SECONDS: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_ACP_UNDER_VERIFICATION_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_ACP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  ANVIL_PATH: optionalString,
});

type AcpEnvironment = z.output<typeof acpEnvironment>;

export function acpSettings(e: AcpEnvironment) {
  return {
    rpcUrl: e.ACP_RPC_URL,
    chainId: e.ACP_CHAIN_ID,
    payTo: e.ACP_PAY_TO_ADDRESS ?? DEVELOPMENT_PAY_TO_ADDRESS, // production requires one (paymentSafeForProduction)
    usdcAddress: e.ACP_USDC_ADDRESS,
    confirmations: e.ACP_CONFIRMATIONS,
    /** The in-process x402 facilitator's key (it submits the buyers' signed transfers and pays their gas); none: the x402 rail answers 503. */
    facilitatorPrivateKey: e.ACP_FACILITATOR_PRIVATE_KEY,
    freeJobsPerWallet: e.ACP_FREE_JOBS_PER_WALLET,
    /** Free jobs from one source IP address, and in all, over any 24 hours (whatever the wallets). */
    freeJobsPerIpPerDay: e.ACP_FREE_JOBS_PER_IP_PER_DAY,
    freeJobsPerDay: e.ACP_FREE_JOBS_PER_DAY,
    perIpPerMinute: e.RATE_LIMIT_ACP_PER_MINUTE,
    perWalletPerMinute: e.RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE,
    /** A wallet under verification (bond posted, clean window running) gets this tighter per-wallet limit. */
    underVerificationPerMinute: e.RATE_LIMIT_ACP_UNDER_VERIFICATION_PER_MINUTE,
    /** ERC-8183 escrow rail: our provider key submits deliverables, our evaluator key completes or rejects; none: the rail answers 503. */
    providerPrivateKey: e.ACP_PROVIDER_PRIVATE_KEY,
    evaluatorPrivateKey: e.ACP_EVALUATOR_PRIVATE_KEY,
    escrowAddress: e.ACP_ESCROW_ADDRESS,
    /** An escrow job must have at least this long left before it expires, or we would work for a refund. */
    escrowMinSecondsLeft: e.ACP_ESCROW_MIN_SECONDS_LEFT,
    /** ERC-8004 registries and our agent's identity there; none: no reputation is recorded. */
    identityRegistryAddress: e.ACP_IDENTITY_REGISTRY_ADDRESS,
    reputationRegistryAddress: e.ACP_REPUTATION_REGISTRY_ADDRESS,
    agentId: e.ACP_AGENT_ID,
    /** Wallets refused at once: one address per line (`#` comments), re-read when the file changes. */
    walletBlocklistFile: e.ACP_WALLET_BLOCKLIST_FILE,
    /** The verification bond's clean window (30 days), and how long past it the bond escrow must stay unexpired. */
    bondCleanWindowSeconds: e.ACP_BOND_CLEAN_WINDOW_SECONDS,
    bondExpiryMarginSeconds: e.ACP_BOND_EXPIRY_MARGIN_SECONDS,
    /** The abuse monitor reviews traffic at least this often (and sooner when a job is recorded). */
    abuseReviewEverySeconds: e.ACP_ABUSE_REVIEW_EVERY_SECONDS,
    anvilPath: e.ANVIL_PATH,
  };
}

/**
 * What production must not run with on the payment side: no pay-to address (we would be paid to a
 * default nobody chose), or any of anvil's published development keys and addresses (their funds are
 * anyone's). Each problem names its variable, so the boot error lists them all.
 */
export function paymentSafeForProduction(e: AcpEnvironment): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (!e.ACP_PAY_TO_ADDRESS) problems.push({ variable: 'ACP_PAY_TO_ADDRESS', message: 'required in production: the wallet agent jobs are paid to (there is no default outside development)' });
  for (const variable of ['ACP_FACILITATOR_PRIVATE_KEY', 'ACP_PROVIDER_PRIVATE_KEY', 'ACP_EVALUATOR_PRIVATE_KEY'] as const) {
    const index = e[variable] === undefined ? undefined : developmentKeyIndex(e[variable]);
    if (index !== undefined) problems.push({ variable, message: `is anvil's published development key of account ${index}, known to everyone; use a key of your own in production` });
  }
  for (const variable of ['ACP_PAY_TO_ADDRESS', 'ACP_ESCROW_ADDRESS', 'ACP_IDENTITY_REGISTRY_ADDRESS', 'ACP_REPUTATION_REGISTRY_ADDRESS'] as const) {
    const known = e[variable] === undefined ? undefined : describeDevelopmentAddress(e[variable]);
    if (known) problems.push({ variable, message: `is ${known}, a development address whose key is public; not usable in production` });
  }
  return problems;
}
