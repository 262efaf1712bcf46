/**
 * Anvil, Foundry's local EVM node, from npm: `@foundry-rs/anvil` pulls in the platform package
 * (`@foundry-rs/anvil-linux-amd64` and siblings, optionalDependencies) whose `bin/anvil` is the
 * prebuilt binary itself. We resolve that file directly, so the wrapper's postinstall (which only
 * downloads the binary when the platform package is missing) never has to run. Tests and `npm start`
 * without an RPC URL run it at Base Sepolia's chain id with our test USDC at Base Sepolia's USDC address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createTestClient, getAddress, http, type Address } from 'viem';
import { compileTestUsdc, type CompiledTestUsdc } from '../modules/acp/chain/test-usdc';
import { isExecutable, onPath, PROJECT_ROOT } from './go-tools';

export const ANVIL_VERSION = '1.7.1';
export const BASE_SEPOLIA_CHAIN_ID = 84_532;

const PLATFORM_PACKAGES: Record<string, Record<string, string>> = {
  linux: { x64: 'anvil-linux-amd64', arm64: 'anvil-linux-arm64' },
  darwin: { x64: 'anvil-darwin-amd64', arm64: 'anvil-darwin-arm64' },
  win32: { x64: 'anvil-win32-amd64' },
};

/**
 * The anvil binary: `explicitPath` (ANVIL_PATH) when given, else the one in the platform package
 * installed with `@foundry-rs/anvil`, else a copy the wrapper's postinstall downloaded, else
 * `anvil` on PATH. Throws with what was tried when none is executable.
 */
export function resolveAnvil(explicitPath?: string): string {
  if (explicitPath) {
    if (!isExecutable(explicitPath)) throw new Error(`ANVIL_PATH=${explicitPath} is not an executable file`);
    return explicitPath;
  }
  const binaryName = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const platformPackage = PLATFORM_PACKAGES[process.platform]?.[process.arch];
  const tried: string[] = [];
  if (platformPackage) {
    const request = `@foundry-rs/${platformPackage}/bin/${binaryName}`;
    try {
      const candidate = createRequire(join(PROJECT_ROOT, 'package.json')).resolve(request);
      if (isExecutable(candidate)) return candidate;
      tried.push(`${candidate} (not executable)`);
    } catch {
      tried.push(`${request} (not installed)`);
    }
  } else {
    tried.push(`no @foundry-rs/anvil package for ${process.platform}-${process.arch}`);
  }
  // Where the wrapper's postinstall writes a downloaded binary, and where its bin.mjs looks for one.
  for (const copy of [join(PROJECT_ROOT, 'node_modules', '@foundry-rs', 'anvil', binaryName), join(PROJECT_ROOT, 'node_modules', '@foundry-rs', 'dist', binaryName)]) {
    if (isExecutable(copy)) return copy;
    tried.push(copy);
  }
  const fromPath = onPath(binaryName, process.env.PATH);
  if (fromPath) return fromPath;
  tried.push(`${binaryName} on PATH`);
  throw new Error(`anvil ${ANVIL_VERSION} not found (run npm ci; or set ANVIL_PATH). Tried: ${tried.join('; ')}`);
}

export interface RunningAnvil {
  /** `http://127.0.0.1:<port>`: the JSON-RPC endpoint. */
  rpcUrl: string;
  chainId: number;
  stop(): Promise<void>;
  onExit(listener: (code: number | null) => void): void;
}

export interface StartAnvilOptions {
  chainId?: number;
  /** 0 (the default): the system picks a free port, read back from anvil's "Listening on" line. */
  port?: number;
  /** The binary; `resolveAnvil(process.env.ANVIL_PATH)` when omitted. */
  binary?: string;
  /** Seconds between blocks; omitted: a block per transaction (automine). */
  blockTime?: number;
  startTimeoutMs?: number;
}

/**
 * Starts anvil on 127.0.0.1 and waits until it listens. It is not started with `--quiet`/`--silent`
 * because those also hide the "Listening on 127.0.0.1:PORT" line that tells which port `--port 0`
 * got; its output is read instead (the last few kB are kept for error messages, the rest dropped).
 * The child is killed if this process exits without stopping it.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<RunningAnvil> {
  const chainId = options.chainId ?? BASE_SEPOLIA_CHAIN_ID;
  const binary = options.binary ?? resolveAnvil(process.env.ANVIL_PATH || undefined);
  const args = ['--host', '127.0.0.1', '--port', String(options.port ?? 0), '--chain-id', String(chainId)];
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_192);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const rpcUrl = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`anvil did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const read = () => {
      const listening = /Listening on ([\d.]+:\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      child.stdout?.off('data', read);
      done(`http://${listening[1]}`);
    };
    child.stdout?.on('data', read);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(new Error(`anvil could not be started (${binary}): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`anvil exited with code ${code} before listening:\n${output}`));
    });
  });

  return {
    rpcUrl,
    chainId,
    onExit: (listener) => child.on('exit', listener),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Puts the compiled TestUSDC runtime code at `usdcAddress` (`anvil_setCode`): on the local chain the
 * configured USDC address (Base Sepolia's by default) then holds a token with USDC's decimals and
 * EIP-3009, and anyone can `mint` it. Returns the compiled contract (its ABI for calls).
 */
export async function installTestUsdc(rpcUrl: string, usdcAddress: string): Promise<CompiledTestUsdc> {
  const compiled = compileTestUsdc();
  const client = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
  const address: Address = getAddress(usdcAddress);
  await client.setCode({ address, bytecode: compiled.deployedBytecode });
  return compiled;
}
