/** Compares a hand-written ABI with the compiled contract's, so a wrapper cannot drift from the Solidity. */
import type { Abi, AbiParameter } from 'viem';

function types(params: readonly AbiParameter[] = []): string {
  return params
    .map((p) => `${'components' in p && p.components ? `(${types(p.components)})${p.type.slice('tuple'.length)}` : p.type}${'indexed' in p && p.indexed ? ' indexed' : ''}`)
    .join(',');
}

/** An ABI entry's kind, name and parameter types, names of parameters aside (the contracts leave unused ones unnamed). */
export function abiShape(item: Abi[number]): string {
  const name = 'name' in item ? item.name : '';
  return `${item.type} ${name}(${'inputs' in item ? types(item.inputs) : ''})${'outputs' in item ? ` returns (${types(item.outputs)})` : ''}`;
}

/** The entries of `handWritten` that the compiled ABI does not have (empty when it is a faithful subset). */
export function missingFrom(compiled: Abi, handWritten: Abi): string[] {
  const known = new Set(compiled.map(abiShape));
  return handWritten.map(abiShape).filter((shape) => !known.has(shape));
}
