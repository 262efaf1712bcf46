/**
 * Integration-test setup, once per run: a migrated PostgreSQL database every test file clones its own
 * from (`file-setup.ts`), a real Temporal dev server started through @temporalio/testing with the
 * locally built CLI (one namespace per vitest worker), Stripe's stripe-mock, and per vitest worker an
 * anvil (a local EVM) with our TestUSDC and the agent-commerce contracts. Files reach them through
 * `test-run.ts`; everything is torn down (the run's databases dropped) at the end.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { migrate } from '../../src/db/migrate';
import { resolveTemporalCli } from '../../src/platform/temporal/cli-binary';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/search-attributes';
import { resolveStripeMock, startStripeMock } from '../../src/tools/stripe-mock';
import { installTestUsdc, startAnvil, type RunningAnvil } from '../../src/tools/anvil';
import { ANVIL_DEPLOYER_KEY, ANVIL_PROVIDER_KEY, deployAgentCommerce } from '../../src/tools/agent-commerce-contracts';
import { loadConfig } from '../../src/config';
import { writeWorkflowBundle } from '../../src/temporal/workflow-bundle';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://…:5432`, without a database. */
    databaseServerUrl: string;
    /** The migrated database each file's own is cloned from; no test connects to it. */
    templateDatabase: string;
    temporalAddress: string;
    /** One per worker slot (`test-run.ts`'s `workerSlot`). */
    temporalNamespaces: string[];
    redisUrl: string;
    runId: string;
    /** How many workers the project runs at once: one anvil and one namespace each. */
    workerSlots: number;
    /** stripe-mock, the payment provider's official mock, for checkout tests. */
    stripeMockUrl: string;
    /** Per worker slot: anvil (a local EVM at Base Sepolia's chain id) with our TestUSDC at Base Sepolia's USDC address, and our escrow and registries deployed. */
    anvilRpcUrls: string[];
    /** The run's workflow bundle, built once: every in-process and spawned worker loads it instead of bundling. */
    workflowBundlePath: string;
  }
}

/** Drops the template and every file's clone of it (their names start with the template's). */
async function dropRunDatabases(template: string): Promise<void> {
  const client = new Client({ connectionString: `${SERVER_URL}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname = $1 or datname like $2', [template, `${template}\\_%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

/** An anvil at Base Sepolia's chain id with TestUSDC and the ERC-8183 escrow and ERC-8004 registries at their deterministic addresses (test-config.ts), our agent id 1. */
async function startDeployedAnvil(): Promise<RunningAnvil> {
  const anvil = await startAnvil({ chainId: 84_532 });
  const defaults = loadConfig({});
  await installTestUsdc(anvil.rpcUrl, defaults.acp.usdcAddress);
  await deployAgentCommerce(anvil.rpcUrl, {
    chainId: 84_532,
    usdcAddress: defaults.acp.usdcAddress,
    deployerKey: ANVIL_DEPLOYER_KEY,
    providerKey: ANVIL_PROVIDER_KEY,
    agentURI: `${defaults.http.publicBaseUrl}/.well-known/agent.json`,
  });
  return anvil;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const templateDatabase = `ci_test_${runId}`;
  // vitest numbers a project's workers 1..maxWorkers (VITEST_POOL_ID); each gets an anvil and a namespace.
  const workerSlots = Number(project.config.maxWorkers || project.vitest.config.maxWorkers || 1);
  const bundleDir = mkdtempSync(join(tmpdir(), 'workflow-bundle-'));
  const [, workflowBundlePath] = await Promise.all([migrate({ url: `${SERVER_URL}/${templateDatabase}`, poolMax: 2 }), writeWorkflowBundle(join(bundleDir, 'workflows.js'))]);

  const cli = await resolveTemporalCli({ log: (line) => process.stdout.write(`${line}\n`) });
  const namespaces = Array.from({ length: workerSlots }, (_, i) => `test-${i + 1}`);
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ...(cli.kind === 'path' ? { executable: { type: 'existing-path' as const, path: cli.path } } : {}),
      ip: '127.0.0.1',
      namespace: namespaces[0],
      searchAttributes: SEARCH_ATTRIBUTES,
      extraArgs: ['--log-level', 'error', ...namespaces.slice(1).flatMap((name) => ['--namespace', name])],
    },
  });

  const stripeMockBinary = await resolveStripeMock({ explicitPath: process.env.STRIPE_MOCK_PATH, log: (line) => process.stdout.write(`${line}\n`) });
  if (!stripeMockBinary) throw new Error('stripe-mock is not available and Go could not build it: run `npm run stripe-mock:bin` to see why');
  const stripeMock = await startStripeMock(stripeMockBinary);
  const anvils = await Promise.all(namespaces.map(() => startDeployedAnvil()));

  project.provide('databaseServerUrl', SERVER_URL);
  project.provide('templateDatabase', templateDatabase);
  project.provide('workerSlots', workerSlots);
  project.provide('stripeMockUrl', stripeMock.url);
  project.provide('anvilRpcUrls', anvils.map((anvil) => anvil.rpcUrl));
  project.provide('temporalAddress', env.address);
  project.provide('temporalNamespaces', namespaces);
  project.provide('redisUrl', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  project.provide('runId', runId);
  project.provide('workflowBundlePath', workflowBundlePath);

  return async () => {
    await stripeMock.stop();
    await Promise.all(anvils.map((anvil) => anvil.stop()));
    await env.teardown();
    await dropRunDatabases(templateDatabase);
    rmSync(bundleDir, { recursive: true, force: true });
  };
}
