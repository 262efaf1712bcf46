/**
 * The local chain's USDC: contracts/TestUSDC.sol (ERC-20 "USD Coin"/"USDC", 6 decimals, open `mint`,
 * EIP-3009 `transferWithAuthorization`) compiled in memory by `compileContract`. `anvil_setCode`
 * places the runtime (deployed) bytecode at Base Sepolia's USDC address; the constructor never
 * runs, which the contract is written for.
 */
import { resolve } from 'node:path';
import type { Abi, Hex } from 'viem';
import { compileContract, CONTRACTS_DIR } from './contracts';

export const TEST_USDC_SOURCE = resolve(CONTRACTS_DIR, 'TestUSDC.sol');

export interface CompiledTestUsdc {
  abi: Abi;
  /** Runtime code, `0x`-prefixed: what `anvil_setCode` installs. */
  deployedBytecode: Hex;
}

/** Compiles TestUSDC once per process (the same object on every call) for installing it at the USDC address. */
export function compileTestUsdc(): CompiledTestUsdc {
  return compileContract('TestUSDC.sol', 'TestUSDC');
}
