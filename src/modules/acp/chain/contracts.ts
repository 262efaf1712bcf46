/**
 * Our Solidity contracts (contracts/*.sol) compiled from source with the solc npm package, whose
 * soljson.js bundles the compiler: compiling needs no download and no build step, and the result
 * stays in memory (no build output is written or committed). Deploy scripts and tests take the
 * creation bytecode and ABI from here, so what runs on the local chain is always the source in
 * the repository.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import solc from 'solc';
import type { Abi, Hex } from 'viem';
import { PROJECT_ROOT } from '../../../project-root';

export const CONTRACTS_DIR = resolve(PROJECT_ROOT, 'contracts');

export interface CompiledContract {
  abi: Abi;
  /** Creation code, `0x`-prefixed: what a deployment transaction sends (constructor arguments appended). */
  bytecode: Hex;
  /** Runtime code, `0x`-prefixed: what ends up at the address (and what `anvil_setCode` installs). */
  deployedBytecode: Hex;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

/** Same settings for every contract, so a contract compiles to the same code wherever it is used. */
const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' } as const;

const cache = new Map<string, CompiledContract>();

/** Reads an `import` of another file in contracts/ (solc asks through this callback). */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(resolve(CONTRACTS_DIR, path), 'utf8') };
  } catch {
    return { error: `contracts/${path} not found` };
  }
}

/**
 * Compiles `contractName` from contracts/`fileName` (standard JSON input, optimiser on, Cancun) and
 * caches the result for the life of the process: solc-js takes seconds per file, and deployments
 * and tests ask for the same contracts repeatedly. Throws with solc's messages when it does not compile.
 */
export function compileContract(fileName: string, contractName: string): CompiledContract {
  const key = `${fileName}:${contractName}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const input = {
    language: 'Solidity',
    sources: { [fileName]: { content: readFileSync(resolve(CONTRACTS_DIR, fileName), 'utf8') } },
    settings: { ...SETTINGS, outputSelection: { [fileName]: { [contractName]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`${fileName} does not compile (solc ${String(solc.version())}):\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.[fileName]?.[contractName];
  const bytecode = contract?.evm.bytecode.object;
  const deployed = contract?.evm.deployedBytecode.object;
  if (!contract || !bytecode || !deployed) throw new Error(`solc produced no bytecode for ${contractName} in ${fileName}`);
  const compiled: CompiledContract = { abi: contract.abi, bytecode: `0x${bytecode}`, deployedBytecode: `0x${deployed}` };
  cache.set(key, compiled);
  return compiled;
}
