/**
 * Integration-test setup, once per run: a fresh PostgreSQL database (migrated), and a real Temporal
 * dev server started through @temporalio/testing with the locally built CLI, Stripe's stripe-mock, and anvil (a local EVM) with our TestUSDC and the agent-commerce contracts. Tests receive their
 * addresses through vitest's `inject`; both are torn down (database dropped) at the end.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { migrate } from '../../src/db/migrate';
import { resolveTemporalCli } from '../../src/platform/temporal/cli-binary';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/search-attributes';
import { resolveStripeMock, startStripeMock } from '../../src/tools/stripe-mock';
import { installTestUsdc, startAnvil } from '../../src/tools/anvil';
import { ANVIL_DEPLOYER_KEY, ANVIL_PROVIDER_KEY, deployAgentCommerce } from '../../src/tools/agent-commerce-contracts';
import { loadConfig } from '../../src/config';
import { writeWorkflowBundle } from '../../src/temporal/workflow-bundle';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    temporalAddress: string;
    temporalNamespace: string;
    redisUrl: string;
    runId: string;
    /** stripe-mock, the payment provider's official mock, for checkout tests. */
    stripeMockUrl: string;
    /** anvil (a local EVM at Base Sepolia's chain id) with our TestUSDC at Base Sepolia's USDC address, and our escrow and registries deployed. */
    anvilRpcUrl: string;
    /** The run's workflow bundle, built once: every in-process and spawned worker loads it instead of bundling. */
    workflowBundlePath: string;
  }
}

async function dropDatabase(name: string): Promise<void> {
  const client = new Client({ connectionString: `${SERVER_URL}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseName = `ci_test_${runId}`;
  const databaseUrl = `${SERVER_URL}/${databaseName}`;
  const bundleDir = mkdtempSync(join(tmpdir(), 'workflow-bundle-'));
  const [, workflowBundlePath] = await Promise.all([migrate({ url: databaseUrl, poolMax: 2 }), writeWorkflowBundle(join(bundleDir, 'workflows.js'))]);

  const cli = await resolveTemporalCli({ log: (line) => process.stdout.write(`${line}\n`) });
  const namespace = 'test';
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ...(cli.kind === 'path' ? { executable: { type: 'existing-path' as const, path: cli.path } } : {}),
      ip: '127.0.0.1',
      namespace,
      searchAttributes: SEARCH_ATTRIBUTES,
      extraArgs: ['--log-level', 'error'],
    },
  });

  const stripeMockBinary = await resolveStripeMock({ explicitPath: process.env.STRIPE_MOCK_PATH, log: (line) => process.stdout.write(`${line}\n`) });
  if (!stripeMockBinary) throw new Error('stripe-mock is not available and Go could not build it: run `npm run stripe-mock:bin` to see why');
  const stripeMock = await startStripeMock(stripeMockBinary);
  const anvil = await startAnvil({ chainId: 84_532 });
  const defaults = loadConfig({});
  await installTestUsdc(anvil.rpcUrl, defaults.acp.usdcAddress);
  // The ERC-8183 escrow and ERC-8004 registries at their deterministic addresses (test-config.ts), our agent id 1.
  await deployAgentCommerce(anvil.rpcUrl, {
    chainId: 84_532,
    usdcAddress: defaults.acp.usdcAddress,
    deployerKey: ANVIL_DEPLOYER_KEY,
    providerKey: ANVIL_PROVIDER_KEY,
    agentURI: `${defaults.http.publicBaseUrl}/.well-known/agent.json`,
  });

  project.provide('databaseUrl', databaseUrl);
  project.provide('stripeMockUrl', stripeMock.url);
  project.provide('anvilRpcUrl', anvil.rpcUrl);
  project.provide('temporalAddress', env.address);
  project.provide('temporalNamespace', namespace);
  project.provide('redisUrl', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  project.provide('runId', runId);
  project.provide('workflowBundlePath', workflowBundlePath);

  return async () => {
    await stripeMock.stop();
    await anvil.stop();
    await env.teardown();
    await dropDatabase(databaseName);
    rmSync(bundleDir, { recursive: true, force: true });
  };
}
