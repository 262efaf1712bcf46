/** A config for integration tests: the file's database, Redis prefix, Temporal namespace and task queue (test-run.ts), plus per-test overrides. */
import { loadConfig, type AppConfig } from '../../src/config';
import { testRun } from './test-run';
import { ANVIL_EVALUATOR_KEY, ANVIL_PROVIDER_KEY, localAgentCommerceAddresses } from '../../src/tools/agent-commerce-contracts';

/** Where the global setup deploys the escrow and registries on the run's anvil (the deployer's first transactions). */
const agentCommerce = localAgentCommerceAddresses();

/** The webhook signing secret tests sign provider events with (the SDK's test-header helper). */
export const TEST_PSP_WEBHOOK_SECRET = 'whsec_test_compliance_intelligence';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const run = testRun();
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: run.databaseUrl,
    DATABASE_POOL_MAX: '5',
    REDIS_URL: run.redisUrl,
    REDIS_KEY_PREFIX: run.redisKeyPrefix,
    TEMPORAL_ADDRESS: run.temporalAddress,
    TEMPORAL_NAMESPACE: run.temporalNamespace,
    TEMPORAL_TASK_QUEUE: run.taskQueue,
    WORKFLOW_BUNDLE_PATH: run.workflowBundlePath,
    // Every test file asks for tokens from 127.0.0.1; the per-IP limits are tested where they are set low.
    RATE_LIMIT_TOKEN_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_TOKEN_FAILURES_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_TOKEN_FAILURES_PER_CLIENT_IP_PER_MINUTE: '100000',
    // Every agent job comes from 127.0.0.1; the free tier's per-IP and daily caps are tested where they are set low.
    ACP_FREE_JOBS_PER_IP_PER_DAY: '100000',
    ACP_FREE_JOBS_PER_DAY: '100000',
    // The payment provider is stripe-mock, reached through the official SDK's host/port/protocol options.
    PSP_SECRET_KEY: 'sk_test_ComplianceIntelligenceTests',
    PSP_WEBHOOK_SECRET: TEST_PSP_WEBHOOK_SECRET,
    PSP_API_BASE_URL: run.stripeMockUrl,
    // Agent-job payments are verified on this worker's anvil.
    ACP_RPC_URL: run.anvilRpcUrl,
    // The escrow rail and reputation on the contracts the global setup deployed; our agent is id 1 there.
    ACP_PROVIDER_PRIVATE_KEY: ANVIL_PROVIDER_KEY,
    ACP_EVALUATOR_PRIVATE_KEY: ANVIL_EVALUATOR_KEY,
    ACP_ESCROW_ADDRESS: agentCommerce.escrowAddress,
    ACP_IDENTITY_REGISTRY_ADDRESS: agentCommerce.identityRegistryAddress,
    ACP_REPUTATION_REGISTRY_ADDRESS: agentCommerce.reputationRegistryAddress,
    ACP_AGENT_ID: '1',
    ...overrides,
  });
}
