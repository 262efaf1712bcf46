/**
 * `npm start`: the newcomer's one command. Migrates the database, bounds Redis's memory, starts the Temporal dev server
 * (unless TEMPORAL_ADDRESS points at one), registers the namespace and search attributes, starts the
 * worker and the API as child processes, and prints the URLs. Ctrl-C or SIGTERM stops them in order:
 * API first (no new work), then the worker (drains in-flight activities), then Temporal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { loadConfigOrExit, temporalAddress } from './config';
import { migrate } from './db/migrate';
import { openOrm } from './db/orm';
import { loadListsOnFirstStart } from './lists-on-first-start';
import { describeCli, PROJECT_ROOT, resolveTemporalCli } from './platform/temporal/cli-binary';
import { startDevServer, stopChild, type RunningDevServer } from './platform/temporal/dev-server';
import { prepareTemporal } from './platform/temporal/prepare';
import { resolveStripeMock, startStripeMock, type RunningStripeMock } from './tools/stripe-mock';
import { installTestUsdc, resolveAnvil, startAnvil, type RunningAnvil } from './tools/anvil';
import { ANVIL_DEPLOYER_KEY, ANVIL_EVALUATOR_KEY, ANVIL_PROVIDER_KEY, deployAgentCommerce } from './tools/agent-commerce-contracts';
import { temporalConnectionOptions } from './temporal/connection-options';
import { API_NODE_FLAGS } from './api-node-flags';
import { applyRedisMemoryBound } from './redis-memory';
import { RUNNING_COMPILED } from './project-root';

const say = (line: string) => process.stdout.write(`[start] ${line}\n`);

/**
 * Starts an entry point (`server` or `worker`) as this process runs: compiled under dist/ after
 * `npm run build` (what `npm start` runs), or TypeScript through tsx (`npm run dev`).
 */
function startNodeProcess(entry: 'server' | 'worker', env: NodeJS.ProcessEnv, nodeFlags: readonly string[] = []): ChildProcess {
  const args = RUNNING_COMPILED ? [join(__dirname, `${entry}.js`)] : ['--import', 'tsx', `src/${entry}.ts`];
  return spawn(process.execPath, [...nodeFlags, ...args], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true, // our own process group: Ctrl-C reaches us, and we stop children in order
  });
}

async function waitForHealthy(url: string, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      last = await res.json();
      const report = last as { status?: string };
      if (res.status === 200 && report.status === 'ok') return last;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return last;
}

/** True when nothing listens on host:port (another `npm start` would otherwise be silently reused). */
function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function main(): Promise<void> {
  // A closed terminal or pipe must not crash us halfway through stopping the children in order.
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  process.on('SIGHUP', () => process.emit('SIGTERM'));
  const config = loadConfigOrExit();
  const wanted: [host: string, port: number, what: string][] = [[config.http.host, config.http.port, 'API (PORT)']];
  if (!config.temporal.address) {
    wanted.push(['127.0.0.1', config.temporal.devPort, 'Temporal (TEMPORAL_DEV_PORT)'], ['127.0.0.1', config.temporal.uiPort, 'Temporal UI (TEMPORAL_UI_PORT)']);
  }
  for (const [host, port, what] of wanted) {
    if (!(await portIsFree(host, port))) throw new Error(`port ${port} for the ${what} is already in use: is another instance running? Stop it or choose another port.`);
  }
  say('migrating the database...');
  const migration = await migrate(config.db);
  say(`database ready (${migration.created ? 'created' : 'existing'}; ${migration.applied.length} migration(s) applied)`);
  say(`Redis ${await applyRedisMemoryBound(config.redis)}`);

  let devServer: RunningDevServer | undefined;
  if (!config.temporal.address) {
    const cli = await resolveTemporalCli({ cliPath: config.temporal.cliPath, log: say });
    say(describeCli(cli));
    say('starting the Temporal dev server...');
    devServer = await startDevServer({
      cli,
      dataDir: config.dataDir,
      port: config.temporal.devPort,
      uiPort: config.temporal.uiPort,
      namespace: config.temporal.namespace,
    });
  }
  const connection = await Connection.connect(temporalConnectionOptions(config));
  for (const line of await prepareTemporal(connection, config)) say(`Temporal ${line}`);
  await connection.close();

  // Without a payment provider key (development), checkout runs against Stripe's official mock: the
  // real API's shapes, no real payments. Events are then sent by hand, signed with the secret printed.
  let stripeMock: RunningStripeMock | undefined;
  const peerEnv: Record<string, string> = {};
  if (!config.psp.secretKey && config.env !== 'production') {
    const binary = await resolveStripeMock({ explicitPath: config.psp.stripeMockPath, log: say });
    if (binary) {
      stripeMock = await startStripeMock(binary);
      Object.assign(peerEnv, { PSP_SECRET_KEY: 'sk_test_LocalStripeMock', PSP_WEBHOOK_SECRET: 'whsec_local_stripe_mock', PSP_API_BASE_URL: stripeMock.url });
    } else say('stripe-mock unavailable (no Go toolchain): checkout will answer 503 until PSP_SECRET_KEY is set');
  }

  // Without a chain RPC (development), agent-job payments are verified on a local anvil at Base
  // Sepolia's chain id, with our TestUSDC at Base Sepolia's USDC address.
  let anvil: RunningAnvil | undefined;
  if (!config.acp.rpcUrl && config.env !== 'production') {
    anvil = await startAnvil({ chainId: config.acp.chainId, binary: resolveAnvil(config.acp.anvilPath) });
    await installTestUsdc(anvil.rpcUrl, config.acp.usdcAddress);
    peerEnv.ACP_RPC_URL = anvil.rpcUrl;
    // anvil's dev account 4 settles x402 payments (test money only), unless a key is configured.
    if (!config.acp.facilitatorPrivateKey) peerEnv.ACP_FACILITATOR_PRIVATE_KEY = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
    // Our ERC-8183 escrow and ERC-8004 registries, deployed from dev account 9; dev accounts 1 and 6
    // are our provider (owner of our agent identity) and evaluator, unless configured.
    const trust = await deployAgentCommerce(anvil.rpcUrl, {
      chainId: config.acp.chainId,
      usdcAddress: config.acp.usdcAddress,
      deployerKey: ANVIL_DEPLOYER_KEY,
      providerKey: (config.acp.providerPrivateKey as `0x${string}` | undefined) ?? ANVIL_PROVIDER_KEY,
      agentURI: `${config.http.publicBaseUrl}/.well-known/agent.json`,
    });
    if (!config.acp.providerPrivateKey) peerEnv.ACP_PROVIDER_PRIVATE_KEY = ANVIL_PROVIDER_KEY;
    if (!config.acp.evaluatorPrivateKey) peerEnv.ACP_EVALUATOR_PRIVATE_KEY = ANVIL_EVALUATOR_KEY;
    if (!config.acp.escrowAddress) peerEnv.ACP_ESCROW_ADDRESS = trust.escrowAddress;
    if (!config.acp.identityRegistryAddress) peerEnv.ACP_IDENTITY_REGISTRY_ADDRESS = trust.identityRegistryAddress;
    if (!config.acp.reputationRegistryAddress) peerEnv.ACP_REPUTATION_REGISTRY_ADDRESS = trust.reputationRegistryAddress;
    if (config.acp.agentId === undefined) peerEnv.ACP_AGENT_ID = String(trust.agentId);
  }

  const childEnv = { ...process.env, ...peerEnv, TEMPORAL_ADDRESS: temporalAddress(config) };
  const worker = startNodeProcess('worker', childEnv);
  const api = startNodeProcess('server', childEnv, API_NODE_FLAGS);

  let stopping = false;
  const stopAll = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    say(`stopping (${reason}): API, then worker, then Temporal...`);
    const grace = config.shutdownGraceMs + 5_000;
    await stopChild(api, grace);
    await stopChild(worker, grace);
    await devServer?.stop();
    await stripeMock?.stop();
    await anvil?.stop();
    say('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stopAll('SIGINT', 0));
  process.on('SIGTERM', () => void stopAll('SIGTERM', 0));
  for (const [name, child] of [['API', api], ['worker', worker]] as const) {
    child.on('exit', (code) => void stopAll(`${name} exited with code ${code}`, 1));
  }
  devServer?.onExit((code) => void stopAll(`Temporal dev server exited with code ${code}`, 1));

  const base = config.http.publicBaseUrl;
  const health = await waitForHealthy(`${base}/health`, 90_000);
  say(`health: ${JSON.stringify((health as { status?: string } | null)?.status ?? 'no answer')}`);
  say(`API            ${base}`);
  say(`Swagger UI     ${base}/docs`);
  say(`Redoc          ${base}/redoc`);
  say(`API explorer   ${base}/api-docs`);
  say(`OpenAPI        ${base}/openapi.json`);
  say(`Health         ${base}/health`);
  if (devServer) say(`Temporal UI    ${devServer.uiUrl}`);
  if (stripeMock) say(`Payments       stripe-mock at ${stripeMock.url} (no real payments; webhook secret ${peerEnv.PSP_WEBHOOK_SECRET})`);
  if (anvil) say(`Chain          anvil at ${anvil.rpcUrl} (chain ${config.acp.chainId}, TestUSDC at ${config.acp.usdcAddress}; no real money)`);
  await loadFirstLists(config);
  say('press Ctrl-C to stop everything');
}

/** Starts loading any list with no version yet and reports each outcome as it lands (scans need no wait). */
async function loadFirstLists(config: ReturnType<typeof loadConfigOrExit>): Promise<void> {
  const orm = await openOrm({ url: config.db.url, poolMax: 2 });
  const connection = await Connection.connect(temporalConnectionOptions(config));
  try {
    const client = new Client({ connection, namespace: config.temporal.namespace });
    const loads = await loadListsOnFirstStart({ config, orm, client, workDir: join(config.dataDir, 'snapshots'), log: (line) => say(`lists: ${line}`) });
    if (loads.length === 0) say('lists: every list has a version (LISTS_ON_FIRST_START or `npm run cli -- lists status` to see them)');
    void Promise.allSettled(
      loads.map(({ source, result }) =>
        result.then(
          (r) => say(`lists: ${source} v${r.version?.versionNumber ?? '?'} loaded, ${r.version?.entityCount ?? 0} entities`),
          (err: unknown) => say(`lists: ${source} could not be loaded: ${err instanceof Error ? err.message : String(err)}`),
        ),
      ),
    ).finally(() => void connection.close().catch(() => {}));
  } catch (err) {
    say(`lists: the first load could not start: ${err instanceof Error ? err.message : String(err)}`);
    await connection.close();
  } finally {
    await orm.close();
  }
}

main().catch((err) => {
  process.stderr.write(`[start] failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
