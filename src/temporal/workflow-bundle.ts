/**
 * The workflow code a worker runs, bundled once. Bundling `workflows/` with webpack takes seconds of
 * CPU: a worker given `WORKFLOW_BUNDLE_PATH` loads a bundle built ahead (`npm run bundle:workflows`,
 * or the test run's global setup) instead of bundling at every start, as Temporal's samples do in
 * production. The bundle must come from the same workflow code: replay tests catch a stale one only
 * after the fact, so the build writes it next to nothing else and the path is explicit.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundleWorkflowCode, type WorkerOptions } from '@temporalio/worker';

export const WORKFLOWS_PATH = join(__dirname, '..', '..', 'workflows', 'index.ts');

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

/** Bundles `workflows/` into `path` (its source map inlined by the bundler's defaults). */
export async function writeWorkflowBundle(path: string): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
  return path;
}

/** The worker option that gives it its workflows: the prebuilt bundle when one is named, else a fresh bundle of the source. */
export function workflowSource(bundlePath: string | undefined): Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> {
  if (!bundlePath) return { workflowsPath: WORKFLOWS_PATH };
  if (!existsSync(bundlePath)) throw new Error(`WORKFLOW_BUNDLE_PATH names ${bundlePath}, which does not exist: run \`npm run bundle:workflows\` or unset it`);
  return { workflowBundle: { codePath: bundlePath } };
}
