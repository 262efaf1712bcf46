/**
 * The environment, parsed once at boot by one zod schema. A bad or missing value stops the process
 * with every problem listed at once, so an operator fixes the whole `.env` in one go. Nothing else in
 * the code base reads `process.env`: modules receive their slice of the parsed config.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { APP_ROLE } from './db/app-role';
import { describeDevelopmentAddress, developmentKeyIndex, DEVELOPMENT_PAY_TO_ADDRESS } from './modules/acp/chain/development-accounts';
import type { RegisterSource } from './modules/registers/register-catalogue';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(1).max(65535);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));
const privateKey = optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), 'must be a private key: 0x and 64 hex digits');
const optionalAddress = optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{40}$/.test(v), 'must be an EVM address: 0x and 40 hex digits');

export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8000),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  MATCH_INDEX_WORKER_FROM_ENTITIES: z.coerce.number().int().min(0).default(1000),
  PUBLIC_BASE_URL: optionalString.pipe(z.url().optional()),
  TRUST_PROXY: bool.default(false),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/compliance'),
  DATABASE_APP_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
  DATABASE_APP_PASSWORD: optionalString,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  DATABASE_GROUP_COMMIT_MS: z.coerce.number().min(0).max(50).default(4),
  API_HELPER_THREADS_NICE: z.coerce.number().int().min(0).max(19).default(10),
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('ci:'),
  /** Set on the Redis server by `npm start` (docs/operations.md): its memory bound, and what it evicts at the bound. */
  REDIS_MAXMEMORY: z.string().regex(/^\d+(?:[kmg]b?)?$/i, 'a Redis memory size such as 256mb').default('256mb'),
  REDIS_MAXMEMORY_POLICY: z.enum(['volatile-lru', 'allkeys-lru', 'volatile-ttl', 'volatile-lfu', 'allkeys-lfu', 'noeviction']).default('volatile-lru'),
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('compliance'),
  TEMPORAL_TLS_CERT_PATH: optionalString,
  TEMPORAL_TLS_KEY_PATH: optionalString,
  TEMPORAL_TLS_CA_PATH: optionalString,
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  TEMPORAL_DEV_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  AUTH_ISSUER: optionalString,
  AUTH_AUDIENCE: z.string().min(1).default('compliance-intelligence-api'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  SECRETS_ENCRYPTION_KEY: optionalString.refine(
    (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
    'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
  ),
  AUDIT_ANCHOR_KEY: optionalString.refine(
    (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
    'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
  ),
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_TOKEN_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_TOKEN_FAILURES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TOKEN_FAILURES_PER_CLIENT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  TOKEN_SECRET_HASHING_CONCURRENCY: optionalString.transform((v) => (v === undefined ? undefined : Number(v))).pipe(z.number().int().min(1).max(256).optional()),
  RATE_LIMIT_ELIGIBILITY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_ASK_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  PIPELINE_SCHEDULE_EVERY_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  PIPELINE_SCHEDULED_SOURCES: z
    .string()
    .default('dfat,un,ofac')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(dfat|un|ofac|opensanctions:[a-z0-9_]+)$/, 'each source must be dfat, un, ofac or opensanctions:<dataset>'))),
  LIST_STALE_AFTER_HOURS: z.coerce.number().min(1).default(36),
  LISTS_ON_FIRST_START: z.enum(['auto', 'official', 'snapshot', 'off']).default('auto'),
  LIST_URL_DFAT: optionalString.pipe(z.url().optional()),
  LIST_URL_UN: optionalString.pipe(z.url().optional()),
  LIST_URL_OFAC_SDN: optionalString.pipe(z.url().optional()),
  LIST_URL_OFAC_ALT: optionalString.pipe(z.url().optional()),
  LIST_URL_OFAC_ADD: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ABR: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_COMPANIES: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_BANNED_PERSONS: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_BANNED_ORGS: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_NOTICES: optionalString.pipe(z.url().optional()),
  REGISTER_URL_AUSTRAC_ENFORCEMENT: optionalString.pipe(z.url().optional()),
  REGISTER_URL_AUSTRAC_REPORTING_ENTITIES: optionalString.pipe(z.url().optional()),
  REGISTER_URL_AUSTENDER: optionalString.pipe(z.url().optional()),
  AUSTENDER_WINDOW_DAYS: z.coerce.number().int().min(1).max(366).default(3),
  ABN_LOOKUP_GUID: optionalString,
  ABN_LOOKUP_BASE_URL: z.url().default('https://abr.business.gov.au/json/'),
  ABN_LOOKUP_CACHE_HOURS: z.coerce.number().min(0).default(24),
  ABN_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  CREDITS_CHARGE_CHECKS: bool.default(true),
  PSP_SECRET_KEY: optionalString,
  PSP_WEBHOOK_SECRET: optionalString,
  PSP_API_BASE_URL: optionalString.pipe(z.url().optional()),
  PSP_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
  STRIPE_MOCK_PATH: optionalString,
  CHECKOUT_SUCCESS_URL: optionalString.pipe(z.url().optional()),
  CHECKOUT_CANCEL_URL: optionalString.pipe(z.url().optional()),
  CHECKOUT_CONFIRM_WINDOW_HOURS: z.coerce.number().min(0.001).default(24 * 15),
  CHECKOUT_START_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  ASK_LLM_PROVIDER: z.enum(['none', 'openai', 'anthropic']).default('none'),
  ASK_LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  ASK_LLM_API_KEY: optionalString,
  ASK_LLM_MODEL: optionalString,
  ASK_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  ASK_RETRIEVAL_FLOOR: z.coerce.number().min(0).max(1).default(0.5),
  ASK_DOMAIN_TERM_FLOOR: z.coerce.number().min(0).max(1).default(0.15),
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
  TURNSTILE_SECRET: optionalString,
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  NEWSLETTER_SYNC_URL: optionalString.pipe(z.url().optional()),
  NEWSLETTER_SYNC_API_KEY: optionalString,
  RATE_LIMIT_NEWSLETTER_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SELLER_NAME: z.string().min(1).default('Compliance Intelligence Pty Ltd'),
  SELLER_ABN: optionalString.refine((v) => v === undefined || /^\d{11}$/.test(v.replace(/\s/g, '')), 'must be an 11-digit ABN'),
  SELLER_ADDRESS: optionalString,
  SELLER_EMAIL: optionalString,
  MONITORING_SWEEP_EVERY_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  MONITORING_SWEEP_PAGE_SIZE: z.coerce.number().int().min(1).max(5_000).default(500),
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  BATCH_CHUNK_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  BATCH_START_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  RECOVERY_EVERY_MINUTES: z.coerce.number().min(0).max(24 * 60).default(5),
  RECOVERY_STRANDED_AFTER_SECONDS: z.coerce.number().int().min(0).default(120),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEBHOOK_INITIAL_BACKOFF_SECONDS: z.coerce.number().min(0.1).default(30),
  WEBHOOK_MAX_BACKOFF_SECONDS: z.coerce.number().min(0.1).default(3_600),
  WEBHOOK_GIVE_UP_AFTER_HOURS: z.coerce.number().min(0.001).default(24),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
  WEBHOOK_CA_BUNDLE_PATH: optionalString,
  DATA_DIR: z.string().min(1).default('.data'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  WORKFLOW_BUNDLE_PATH: optionalString,
});

export type Environment = z.infer<typeof environmentSchema>;

const productionNeedsKey = environmentSchema.superRefine((e, ctx) => {
  if (e.NODE_ENV === 'production' && !e.SECRETS_ENCRYPTION_KEY) {
    ctx.addIssue({ code: 'custom', path: ['SECRETS_ENCRYPTION_KEY'], message: 'required in production' });
  }
  if (e.NODE_ENV === 'production' && !e.AUDIT_ANCHOR_KEY) {
    ctx.addIssue({ code: 'custom', path: ['AUDIT_ANCHOR_KEY'], message: 'required in production' });
  }
  if (e.ASK_LLM_PROVIDER !== 'none') {
    for (const key of ['ASK_LLM_BASE_URL', 'ASK_LLM_API_KEY', 'ASK_LLM_MODEL'] as const) {
      if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when ASK_LLM_PROVIDER is ${e.ASK_LLM_PROVIDER}` });
    }
  }
  if (e.NODE_ENV === 'production') {
    for (const problem of unsafePaymentConfig(e)) ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  }
  if (e.PSP_SECRET_KEY && !e.PSP_WEBHOOK_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['PSP_WEBHOOK_SECRET'], message: 'required with PSP_SECRET_KEY: without it no payment can ever be confirmed' });
  }
});

/**
 * What production must not run with on the payment side: no pay-to address (we would be paid to a
 * default nobody chose), or any of anvil's published development keys and addresses (their funds are
 * anyone's). Each problem names its variable, so the boot error lists them all.
 */
function unsafePaymentConfig(e: Environment): { variable: string; message: string }[] {
  const problems: { variable: string; message: string }[] = [];
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

/** Where scheduled refreshes download each list; unset means the official URL the loader knows. */
export interface ListUrls {
  dfat?: string;
  un?: string;
  ofac?: { sdn?: string; alt?: string; add?: string };
}

/** The parsed configuration, grouped in one slice per concern. */
export interface AppConfig {
  env: Environment['NODE_ENV'];
  log: { level: Environment['LOG_LEVEL'] };
  /** `proxyHops`: how many proxies we run in front of the API; the client IP is that many entries from the right of X-Forwarded-For. */
  http: { host: string; port: number; publicBaseUrl: string; trustProxy: boolean; proxyHops: number; processes: number };
  /**
   * `indexWorkerFromEntities`: list versions holding at least this many entities between them are
   * indexed in a worker thread and handed over in slices; smaller ones (a few milliseconds of work)
   * are indexed on the request thread, without a thread's start-up (0: always a worker).
   */
  matching: { indexWorkerFromEntities: number };
  /**
   * Nice values (0–19, 0: unchanged) for the API's helper threads and the whole worker process, so the
   * API's request thread gets a busy core first (src/cpu-priority.ts).
   */
  priority: { apiHelperThreads: number; worker: number };
  /**
   * `url`: what the running service connects with, the least-privilege application role; `ownerUrl`:
   * the database owner, for migrations only (DATABASE_URL).
   */
  db: {
    url: string;
    ownerUrl: string;
    poolMax: number;
    /** How long a busy account's paid scans wait to share one statement and commit (0: never wait). */
    groupCommitMs: number;
  };
  /** `maxmemory` and `maxmemoryPolicy` are applied to the server by `npm start` (src/redis-memory.ts). */
  redis: { url: string; keyPrefix: string; maxmemory: string; maxmemoryPolicy: string };
  temporal: {
    /** Unset: `npm start` runs the dev server itself on `devPort`. */
    address: string | undefined;
    namespace: string;
    taskQueue: string;
    tls: { certPath?: string; keyPath?: string; caPath?: string } | undefined;
    apiKey: string | undefined;
    cliPath: string | undefined;
    /** How long the API's client waits for a first connection before a call fails (the SDK's default, 10 s). */
    connectTimeoutMs: number;
    devPort: number;
    uiPort: number;
  };
  auth: {
    issuer: string;
    audience: string;
    tokenTtlSeconds: number;
    /** 32-byte key that encrypts webhook secrets and signing keys at rest. */
    encryptionKey: Buffer;
    /** True when no key was configured and the development key is in use. */
    usingDevelopmentKey: boolean;
  };
  /** 32-byte key, kept outside the database, that anchors every case audit event (HMAC). */
  audit: { anchorKey: Buffer; usingDevelopmentKey: boolean };
  /**
   * `tokenPerMinute` counts tokens issued per client (only a caller holding the secret can use it up);
   * `tokenPerIpPerMinute` every token request per IP; `tokenFailuresPerClientIpPerMinute` failed ones for
   * one client from one IP, and `tokenFailuresPerIpPerMinute` the looser ceiling of failed ones per IP
   * (IPv6 addresses count by /64); `tokenSecretHashingConcurrency` how many client secrets one process
   * hashes at once (default: its cores).
   */
  rateLimits: { tokenPerMinute: number; tokenPerIpPerMinute: number; tokenFailuresPerIpPerMinute: number; tokenFailuresPerClientIpPerMinute: number; tokenSecretHashingConcurrency: number; eligibilityPerMinute: number; askPerMinute: number; publicPerMinute: number };
  /** Watchlist refresh schedule: every N hours (0 = no schedule) for these sources. */
  pipeline: {
    everyHours: number;
    sources: string[];
    staleAfterHours: number;
    urls: ListUrls;
    /** What `npm start` loads for a list with no version yet: the official file when reachable, else the repository's snapshot. */
    onFirstStart: 'auto' | 'official' | 'snapshot' | 'off';
  };
  /**
   * Public registers: where each source's Schedule downloads from (a source without a URL has no
   * Schedule and is loaded from the CLI), how many days of AusTender notices a scheduled run asks for,
   * and the ABN Lookup web service (no GUID: not called, and an ABN missing from the extract stays "not found").
   */
  registers: {
    urls: Partial<Record<RegisterSource, string>>;
    austenderWindowDays: number;
    abnLookup: { guid: string | undefined; baseUrl: string; cacheHours: number; timeoutMs: number };
  };
  /** Whether full scans and batch items are paid for (free checks, then credits; 402 when none left). Off only for self-hosting and the before/after benchmark. */
  credits: { chargeChecks: boolean };
  /**
   * The payment provider (Stripe's API; locally its official mock). `apiBaseUrl` points the SDK at
   * another host (stripe-mock); without `secretKey` checkout answers 501. `confirmWindowHours`: how long
   * a checkout workflow waits for the provider's confirmation (session expiry plus delayed payments).
   */
  psp: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiBaseUrl: string | undefined;
    webhookToleranceSeconds: number;
    stripeMockPath: string | undefined;
    successUrl: string;
    cancelUrl: string;
    confirmWindowHours: number;
    startDeadlineMs: number;
  };
  /**
   * The compliance Q&A: extractive unless a language model is configured; `retrievalFloor` is the
   * share of the question a passage must cover before we answer from it at all.
   */
  ask: {
    llm: { provider: 'openai' | 'anthropic'; baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null;
    retrievalFloor: number;
    /** The floor for a question that names a term of our domain (an agency, an acronym, a regulated sector). */
    domainTermFloor: number;
  };
  /**
   * Agent jobs paid in USDC on an EVM chain (Base Sepolia's id by default). Without `rpcUrl` no payment
   * can be verified (npm start and the tests run a local anvil). Free jobs exist only when `chainId` is
   * a test network (spec: reputation; see src/modules/acp/free-tier.ts).
   */
  acp: {
    rpcUrl: string | undefined;
    chainId: number;
    payTo: string;
    usdcAddress: string;
    confirmations: number;
    /** The in-process x402 facilitator's key (it submits the buyers' signed transfers and pays their gas); none: the x402 rail answers 503. */
    facilitatorPrivateKey: string | undefined;
    freeJobsPerWallet: number;
    /** Free jobs from one source IP address, and in all, over any 24 hours (whatever the wallets). */
    freeJobsPerIpPerDay: number;
    freeJobsPerDay: number;
    perIpPerMinute: number;
    perWalletPerMinute: number;
    /** A wallet under verification (bond posted, clean window running) gets this tighter per-wallet limit. */
    underVerificationPerMinute: number;
    /** ERC-8183 escrow rail: our provider key submits deliverables, our evaluator key completes or rejects; none: the rail answers 503. */
    providerPrivateKey: string | undefined;
    evaluatorPrivateKey: string | undefined;
    escrowAddress: string | undefined;
    /** An escrow job must have at least this long left before it expires, or we would work for a refund. */
    escrowMinSecondsLeft: number;
    /** ERC-8004 registries and our agent's identity there; none: no reputation is recorded. */
    identityRegistryAddress: string | undefined;
    reputationRegistryAddress: string | undefined;
    agentId: number | undefined;
    /** Wallets refused at once: one address per line (`#` comments), re-read when the file changes. */
    walletBlocklistFile: string | undefined;
    /** The verification bond's clean window (30 days), and how long past it the bond escrow must stay unexpired. */
    bondCleanWindowSeconds: number;
    bondExpiryMarginSeconds: number;
    /** The abuse monitor reviews traffic at least this often (and sooner when a job is recorded). */
    abuseReviewEverySeconds: number;
    anvilPath: string | undefined;
  };
  /** The newsletter: Turnstile verification when a secret is set; a best-effort sync to an email provider when a URL is set. */
  newsletter: { turnstileSecret: string | undefined; turnstileVerifyUrl: string; syncUrl: string | undefined; syncApiKey: string | undefined; perMinute: number };
  /** Who issues tax invoices: without an ABN no tax invoice can be issued (the route says so). */
  seller: { name: string; abn: string | undefined; address: string | undefined; email: string | undefined };
  /** Scheduled monitoring sweep every N hours (0 = none); sweeps also follow every new list version. */
  monitoring: { sweepEveryHours: number; sweepPageSize: number };
  /** `startDeadlineMs`: how long a submission waits for Temporal to accept its workflow before answering 503. */
  batch: { concurrency: number; chunkSize: number; startDeadlineMs: number };
  /** The recovery schedule: every N minutes (0 = none) start pending jobs and re-drive pending webhooks older than this. */
  recovery: { everyMinutes: number; strandedAfterSeconds: number };
  webhooks: {
    timeoutMs: number;
    initialBackoffSeconds: number;
    maxBackoffSeconds: number;
    giveUpAfterHours: number;
    /** Tests and self-hosters on private networks only: allow loopback/private/link-local targets. */
    allowPrivateTargets: boolean;
    /** Extra PEM CA bundle trusted for webhook HTTPS (internal CAs). */
    caBundlePath: string | undefined;
  };
  dataDir: string;
  shutdownGraceMs: number;
  /** A prebuilt workflow bundle for the worker to load instead of bundling `workflows/` at start. */
  workflowBundlePath: string | undefined;
}

/**
 * Development and test only: a fixed key so a fresh clone works without setup. Production refuses to
 * start without SECRETS_ENCRYPTION_KEY (see the schema's refinement below).
 */
const DEVELOPMENT_ENCRYPTION_KEY = Buffer.alloc(32, 'compliance-intelligence-dev-key!');
const DEVELOPMENT_ANCHOR_KEY = Buffer.alloc(32, 'compliance-audit-anchor-dev-key!');

/** DATABASE_URL with the application role (and its password, when one is set) in place of the owner. */
function applicationUrl(ownerUrl: string, password: string | undefined): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}

/** Raised when the environment does not parse; carries every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (default: `process.env`) into the config, or throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = productionNeedsKey.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const e = parsed.data;
  const tlsWanted = e.TEMPORAL_TLS_CERT_PATH || e.TEMPORAL_TLS_KEY_PATH || e.TEMPORAL_TLS_CA_PATH;
  const publicBaseUrl = e.PUBLIC_BASE_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    log: { level: e.LOG_LEVEL },
    http: {
      host: e.HOST,
      port: e.PORT,
      publicBaseUrl,
      trustProxy: e.TRUST_PROXY,
      proxyHops: e.TRUST_PROXY_HOPS,
      processes: e.API_PROCESSES,
    },
    matching: { indexWorkerFromEntities: e.MATCH_INDEX_WORKER_FROM_ENTITIES },
    priority: { apiHelperThreads: e.API_HELPER_THREADS_NICE, worker: e.WORKER_NICE },
    db: { url: e.DATABASE_APP_URL ?? applicationUrl(e.DATABASE_URL, e.DATABASE_APP_PASSWORD), ownerUrl: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, groupCommitMs: e.DATABASE_GROUP_COMMIT_MS },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX, maxmemory: e.REDIS_MAXMEMORY, maxmemoryPolicy: e.REDIS_MAXMEMORY_POLICY },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      tls: tlsWanted
        ? { certPath: e.TEMPORAL_TLS_CERT_PATH, keyPath: e.TEMPORAL_TLS_KEY_PATH, caPath: e.TEMPORAL_TLS_CA_PATH }
        : undefined,
      apiKey: e.TEMPORAL_API_KEY,
      cliPath: e.TEMPORAL_CLI_PATH,
      connectTimeoutMs: e.TEMPORAL_CONNECT_TIMEOUT_MS,
      devPort: e.TEMPORAL_DEV_PORT,
      uiPort: e.TEMPORAL_UI_PORT,
    },
    auth: {
      issuer: e.AUTH_ISSUER ?? e.PUBLIC_BASE_URL ?? 'compliance-intelligence',
      audience: e.AUTH_AUDIENCE,
      tokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      encryptionKey: e.SECRETS_ENCRYPTION_KEY ? Buffer.from(e.SECRETS_ENCRYPTION_KEY, 'base64') : DEVELOPMENT_ENCRYPTION_KEY,
      usingDevelopmentKey: !e.SECRETS_ENCRYPTION_KEY,
    },
    audit: {
      anchorKey: e.AUDIT_ANCHOR_KEY ? Buffer.from(e.AUDIT_ANCHOR_KEY, 'base64') : DEVELOPMENT_ANCHOR_KEY,
      usingDevelopmentKey: !e.AUDIT_ANCHOR_KEY,
    },
    rateLimits: {
      tokenPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE,
      tokenPerIpPerMinute: e.RATE_LIMIT_TOKEN_PER_IP_PER_MINUTE,
      tokenFailuresPerIpPerMinute: e.RATE_LIMIT_TOKEN_FAILURES_PER_IP_PER_MINUTE,
      tokenFailuresPerClientIpPerMinute: e.RATE_LIMIT_TOKEN_FAILURES_PER_CLIENT_IP_PER_MINUTE,
      tokenSecretHashingConcurrency: e.TOKEN_SECRET_HASHING_CONCURRENCY ?? availableParallelism(),
      eligibilityPerMinute: e.RATE_LIMIT_ELIGIBILITY_PER_MINUTE,
      askPerMinute: e.RATE_LIMIT_ASK_PER_MINUTE,
      publicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
    },
    monitoring: { sweepEveryHours: e.MONITORING_SWEEP_EVERY_HOURS, sweepPageSize: e.MONITORING_SWEEP_PAGE_SIZE },
    pipeline: {
      everyHours: e.PIPELINE_SCHEDULE_EVERY_HOURS,
      sources: e.PIPELINE_SCHEDULED_SOURCES,
      staleAfterHours: e.LIST_STALE_AFTER_HOURS,
      onFirstStart: e.LISTS_ON_FIRST_START,
      urls: { dfat: e.LIST_URL_DFAT, un: e.LIST_URL_UN, ofac: { sdn: e.LIST_URL_OFAC_SDN, alt: e.LIST_URL_OFAC_ALT, add: e.LIST_URL_OFAC_ADD } },
    },
    registers: {
      urls: {
        abr: e.REGISTER_URL_ABR,
        asic_companies: e.REGISTER_URL_ASIC_COMPANIES,
        asic_banned_persons: e.REGISTER_URL_ASIC_BANNED_PERSONS,
        asic_banned_orgs: e.REGISTER_URL_ASIC_BANNED_ORGS,
        asic_notices: e.REGISTER_URL_ASIC_NOTICES,
        austrac_enforcement: e.REGISTER_URL_AUSTRAC_ENFORCEMENT,
        austrac_reporting_entities: e.REGISTER_URL_AUSTRAC_REPORTING_ENTITIES,
        austender: e.REGISTER_URL_AUSTENDER,
      },
      austenderWindowDays: e.AUSTENDER_WINDOW_DAYS,
      abnLookup: { guid: e.ABN_LOOKUP_GUID, baseUrl: e.ABN_LOOKUP_BASE_URL, cacheHours: e.ABN_LOOKUP_CACHE_HOURS, timeoutMs: e.ABN_LOOKUP_TIMEOUT_MS },
    },
    credits: { chargeChecks: e.CREDITS_CHARGE_CHECKS },
    psp: {
      secretKey: e.PSP_SECRET_KEY,
      webhookSecret: e.PSP_WEBHOOK_SECRET,
      apiBaseUrl: e.PSP_API_BASE_URL,
      webhookToleranceSeconds: e.PSP_WEBHOOK_TOLERANCE_SECONDS,
      stripeMockPath: e.STRIPE_MOCK_PATH,
      successUrl: e.CHECKOUT_SUCCESS_URL ?? `${publicBaseUrl}/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: e.CHECKOUT_CANCEL_URL ?? `${publicBaseUrl}/checkout/cancelled`,
      confirmWindowHours: e.CHECKOUT_CONFIRM_WINDOW_HOURS,
      startDeadlineMs: e.CHECKOUT_START_DEADLINE_MS,
    },
    ask: {
      llm:
        e.ASK_LLM_PROVIDER === 'none'
          ? null
          : { provider: e.ASK_LLM_PROVIDER, baseUrl: e.ASK_LLM_BASE_URL!, apiKey: e.ASK_LLM_API_KEY!, model: e.ASK_LLM_MODEL!, timeoutMs: e.ASK_LLM_TIMEOUT_MS },
      retrievalFloor: e.ASK_RETRIEVAL_FLOOR,
      domainTermFloor: e.ASK_DOMAIN_TERM_FLOOR,
    },
    acp: {
      rpcUrl: e.ACP_RPC_URL,
      chainId: e.ACP_CHAIN_ID,
      payTo: e.ACP_PAY_TO_ADDRESS ?? DEVELOPMENT_PAY_TO_ADDRESS, // production requires one (unsafePaymentConfig)
      usdcAddress: e.ACP_USDC_ADDRESS,
      confirmations: e.ACP_CONFIRMATIONS,
      facilitatorPrivateKey: e.ACP_FACILITATOR_PRIVATE_KEY,
      freeJobsPerWallet: e.ACP_FREE_JOBS_PER_WALLET,
      freeJobsPerIpPerDay: e.ACP_FREE_JOBS_PER_IP_PER_DAY,
      freeJobsPerDay: e.ACP_FREE_JOBS_PER_DAY,
      perIpPerMinute: e.RATE_LIMIT_ACP_PER_MINUTE,
      perWalletPerMinute: e.RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE,
      underVerificationPerMinute: e.RATE_LIMIT_ACP_UNDER_VERIFICATION_PER_MINUTE,
      providerPrivateKey: e.ACP_PROVIDER_PRIVATE_KEY,
      evaluatorPrivateKey: e.ACP_EVALUATOR_PRIVATE_KEY,
      escrowAddress: e.ACP_ESCROW_ADDRESS,
      escrowMinSecondsLeft: e.ACP_ESCROW_MIN_SECONDS_LEFT,
      identityRegistryAddress: e.ACP_IDENTITY_REGISTRY_ADDRESS,
      reputationRegistryAddress: e.ACP_REPUTATION_REGISTRY_ADDRESS,
      agentId: e.ACP_AGENT_ID,
      walletBlocklistFile: e.ACP_WALLET_BLOCKLIST_FILE,
      bondCleanWindowSeconds: e.ACP_BOND_CLEAN_WINDOW_SECONDS,
      bondExpiryMarginSeconds: e.ACP_BOND_EXPIRY_MARGIN_SECONDS,
      abuseReviewEverySeconds: e.ACP_ABUSE_REVIEW_EVERY_SECONDS,
      anvilPath: e.ANVIL_PATH,
    },
    newsletter: {
      turnstileSecret: e.TURNSTILE_SECRET,
      turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
      syncUrl: e.NEWSLETTER_SYNC_URL,
      syncApiKey: e.NEWSLETTER_SYNC_API_KEY,
      perMinute: e.RATE_LIMIT_NEWSLETTER_PER_MINUTE,
    },
    seller: { name: e.SELLER_NAME, abn: e.SELLER_ABN?.replace(/\s/g, ''), address: e.SELLER_ADDRESS, email: e.SELLER_EMAIL },
    batch: { concurrency: e.BATCH_CONCURRENCY, chunkSize: e.BATCH_CHUNK_SIZE, startDeadlineMs: e.BATCH_START_DEADLINE_MS },
    recovery: { everyMinutes: e.RECOVERY_EVERY_MINUTES, strandedAfterSeconds: e.RECOVERY_STRANDED_AFTER_SECONDS },
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      initialBackoffSeconds: e.WEBHOOK_INITIAL_BACKOFF_SECONDS,
      maxBackoffSeconds: e.WEBHOOK_MAX_BACKOFF_SECONDS,
      giveUpAfterHours: e.WEBHOOK_GIVE_UP_AFTER_HOURS,
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      caBundlePath: e.WEBHOOK_CA_BUNDLE_PATH,
    },
    dataDir: e.DATA_DIR,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    workflowBundlePath: e.WORKFLOW_BUNDLE_PATH,
  };
}

/** Address the API and worker use: the configured cluster, or the local dev server. */
export function temporalAddress(config: AppConfig): string {
  return config.temporal.address ?? `127.0.0.1:${config.temporal.devPort}`;
}

/** For entry points: load the config or print every problem and exit non-zero. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}
