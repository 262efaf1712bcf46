import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The layer table (`.dependency-cruiser.cjs`, run by `npm run lint`) must refuse a wrong-way import.
 * Each case writes a tiny project in a temporary folder, laid out like ours, and runs the cruiser on it
 * with the repository's own rules: what fails here fails `npm run lint` in the real tree.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const CRUISER = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const RULES = join(ROOT, '.dependency-cruiser.cjs');

let project: string | undefined;
afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  project = undefined;
});

/** Writes `files` (path → source) into a fresh project and cruises it; returns the exit status and report. */
function cruise(files: Record<string, string>): { status: number | null; report: string } {
  project = mkdtempSync(join(tmpdir(), 'layer-rules-'));
  const tsconfig = { compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true }, include: ['src', 'workflows', 'activities'] };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), source);
  }
  const folders = ['src', 'workflows', 'activities'].filter((folder) => Object.keys(files).some((path) => path.startsWith(`${folder}/`)));
  const run = spawnSync(process.execPath, [CRUISER, '--config', RULES, '--output-type', 'err', ...folders], { cwd: project, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, report: `${run.stdout}${run.stderr}` };
}

describe('the layer rules', () => {
  it('let each layer import what is below it', () => {
    const result = cruise({
      'src/sources/common/business-numbers.ts': 'export const checkAbn = (abn: string) => abn.length === 11;\n',
      'src/modules/trust/score.ts': "import { checkAbn } from '../../sources/common/business-numbers';\nexport const valid = checkAbn('51824753556');\n",
      'workflows/definitions/index.ts': 'export interface Workflows { checkoutWorkflow: () => Promise<void> }\n',
      'src/modules/checkout/start.ts': "import type { Workflows } from '../../../workflows/definitions';\nexport type Started = Workflows['checkoutWorkflow'];\n",
      'src/http/routes/trust.ts': "import { valid } from '../../modules/trust/score';\nexport const body = { valid };\n",
    });
    expect(result.report).toContain('no dependency violations');
    expect(result.status).toBe(0);
  });

  it('refuse every wrong-way import, and cycles, even of types', () => {
    const result = cruise({
      // A list reader importing the domain above it (how the ABN checksum once sat).
      'src/modules/trust/business-numbers.ts': 'export const checkAbn = (abn: string) => abn.length === 11;\n',
      'src/sources/abr/map.ts': "import { checkAbn } from '../../modules/trust/business-numbers';\nexport const valid = checkAbn('51824753556');\n",
      // The domain importing a route; the Temporal contract importing the domain.
      'src/http/routes/scans.ts': 'export const path = "/v1/scans";\n',
      'src/modules/screening/scan.ts': "import { path } from '../../http/routes/scans';\nexport const where = path;\n",
      'src/temporal/workflow-inputs.ts': "import { where } from '../modules/screening/scan';\nexport const input = where;\n",
      // The domain naming workflow code instead of the contract.
      'workflows/checkout.ts': 'export async function checkoutWorkflow(): Promise<void> {}\n',
      'src/modules/checkout/start.ts': "import type { checkoutWorkflow } from '../../../workflows/checkout';\nexport type Started = typeof checkoutWorkflow;\n",
      // A workflow importing runtime code from src/; the domain importing provisioning.
      'src/config.ts': 'export const taskQueue = "compliance";\n',
      'workflows/batch.ts': "import { taskQueue } from '../src/config';\nexport const queue = taskQueue;\n",
      'src/platform/temporal/schedules.ts': 'export const everyHours = 24;\n',
      'src/modules/watchlists/refresh.ts': "import { everyHours } from '../../platform/temporal/schedules';\nexport const hours = everyHours;\n",
      // Two files that import each other's types.
      'src/matching/index/name-table.ts': "import type { Shares } from './posting-shares';\nexport interface NameTable { shares: Shares }\n",
      'src/matching/index/posting-shares.ts': "import type { NameTable } from './name-table';\nexport interface Shares { of: NameTable | null }\n",
    });
    for (const rule of ['sources-below-domain', 'domain-below-http-and-activities', 'temporal-contract-below-domain', 'workflows-import-types', 'top-is-top', 'no-cycles']) {
      expect(result.report).toContain(rule);
    }
    expect(result.report).toMatch(/src\/modules\/checkout\/start\.ts → workflows\/checkout\.ts/);
    expect(result.status).not.toBe(0);
  });
}, 120_000);
