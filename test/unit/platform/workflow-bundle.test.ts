import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKFLOWS_PATH, workflowSource } from '../../../src/temporal/workflow-bundle';

describe("the worker's workflow source", () => {
  it('bundles workflows/ at start when no prebuilt bundle is named', () => {
    expect(workflowSource(undefined)).toEqual({ workflowsPath: WORKFLOWS_PATH });
  });

  it('loads a named prebuilt bundle instead', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bundle-')), 'workflows.js');
    writeFileSync(path, '// bundle');
    expect(workflowSource(path)).toEqual({ workflowBundle: { codePath: path } });
  });

  it('refuses a named bundle that does not exist, saying how to build it', () => {
    expect(() => workflowSource('/nonexistent/workflows.js')).toThrow(/npm run bundle:workflows/);
  });
});
