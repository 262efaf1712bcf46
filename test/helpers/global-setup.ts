/**
 * Integration-test setup, once per run: a fresh PostgreSQL database (migrated), and a real Temporal
 * dev server started through @temporalio/testing with the locally built CLI, Stripe's stripe-mock, and anvil (a local EVM) with our TestUSDC. Tests receive their
 * addresses through vitest's `inject`; both are torn down (database dropped) at the end.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { migrate } from '../../src/db/migrate';
import { resolveTemporalCli } from '../../src/temporal/cli-binary';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/search-attributes';
import { resolveStripeMock, startStripeMock } from '../../src/tools/stripe-mock';
import { installTestUsdc, startAnvil } from '../../src/tools/anvil';
import { loadConfig } from '../../src/config';

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
    /** anvil (a local EVM at Base Sepolia's chain id) with our TestUSDC at Base Sepolia's USDC address. */
    anvilRpcUrl: string;
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
  await migrate({ url: databaseUrl, poolMax: 2 });

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
  await installTestUsdc(anvil.rpcUrl, loadConfig({}).acp.usdcAddress);

  project.provide('databaseUrl', databaseUrl);
  project.provide('stripeMockUrl', stripeMock.url);
  project.provide('anvilRpcUrl', anvil.rpcUrl);
  project.provide('temporalAddress', env.address);
  project.provide('temporalNamespace', namespace);
  project.provide('redisUrl', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  project.provide('runId', runId);

  return async () => {
    await stripeMock.stop();
    await anvil.stop();
    await env.teardown();
    await dropDatabase(databaseName);
  };
}
