/**
 * The local chain's USDC: contracts/TestUSDC.sol (ERC-20 "USD Coin"/"USDC", 6 decimals, open `mint`,
 * EIP-3009 `transferWithAuthorization`) compiled from source with the solc npm package, whose
 * soljson.js bundles the compiler, so compiling needs no download. The result stays in memory (no
 * build output is written or committed). `anvil_setCode` places the runtime (deployed) bytecode at
 * Base Sepolia's USDC address; the constructor never runs, which the contract is written for.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import solc from 'solc';
import type { Abi, Hex } from 'viem';

export const TEST_USDC_SOURCE = resolve(__dirname, '..', '..', '..', '..', 'contracts', 'TestUSDC.sol');

export interface CompiledTestUsdc {
  abi: Abi;
  /** Runtime code, `0x`-prefixed: what `anvil_setCode` installs. */
  deployedBytecode: Hex;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
}

let cached: CompiledTestUsdc | undefined;

/** Compiles TestUSDC once per process (standard JSON input, optimiser on) and caches the result. */
export function compileTestUsdc(): CompiledTestUsdc {
  if (cached) return cached;
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDC.sol': { content: readFileSync(TEST_USDC_SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { 'TestUSDC.sol': { TestUSDC: ['abi', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`TestUSDC.sol does not compile (solc ${String(solc.version())}):\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.['TestUSDC.sol']?.TestUSDC;
  const code = contract?.evm.deployedBytecode.object;
  if (!contract || !code) throw new Error('solc produced no TestUSDC runtime bytecode');
  cached = { abi: contract.abi, deployedBytecode: `0x${code}` };
  return cached;
}
