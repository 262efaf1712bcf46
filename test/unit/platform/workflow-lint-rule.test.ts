import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints `code` as if it were a file in workflows/, returning the rule ids that fired. */
async function ruleIdsFor(code: string, filePath = 'workflows/example.ts'): Promise<string[]> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse');
}

describe('the workflow determinism lint rule', () => {
  it('refuses Node built-ins in workflows/', async () => {
    expect(await ruleIdsFor("import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor("import crypto from 'crypto';\nexport const a = crypto;\n")).toContain('no-restricted-imports');
  });

  it('refuses I/O libraries and runtime imports from src/ in workflows/', async () => {
    expect(await ruleIdsFor("import { Client } from 'pg';\nexport const a = Client;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor("import { loadConfig } from '../src/config';\nexport const a = loadConfig;\n")).toContain('no-restricted-imports');
  });

  it('allows type-only imports from activities/ and src/, and the workflow SDK', async () => {
    const code = "import type { AppConfig } from '../src/config';\nimport { sleep } from '@temporalio/workflow';\nexport const f = (c: AppConfig) => sleep(c.shutdownGraceMs);\n";
    expect(await ruleIdsFor(code)).toEqual([]);
  });

  it('leaves other folders free to use Node built-ins', async () => {
    expect(await ruleIdsFor("import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n", 'src/example.ts')).toEqual([]);
  });
}, 30_000);
