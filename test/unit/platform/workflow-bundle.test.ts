import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_WORKFLOW_BUNDLE, WORKFLOWS_PATH, workflowSource } from '../../../src/temporal/workflow-bundle';

describe("the worker's workflow source", () => {
  it('bundles workflows/ at start when no prebuilt bundle is named', () => {
    expect(workflowSource(undefined)).toEqual({ workflowsPath: WORKFLOWS_PATH });
  });

  it('in the compiled worker, loads the bundle `npm run build` wrote beside it, or says to build it', () => {
    expect(BUILT_WORKFLOW_BUNDLE).toMatch(/dist[/\\]workflow-bundle\.js$/);
    const built = join(mkdtempSync(join(tmpdir(), 'bundle-')), 'workflow-bundle.js');
    writeFileSync(built, '// bundle');
    expect(workflowSource(undefined, true, built)).toEqual({ workflowBundle: { codePath: built } });
    expect(() => workflowSource(undefined, true, '/nonexistent/dist/workflow-bundle.js')).toThrow(/npm run build/);
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
