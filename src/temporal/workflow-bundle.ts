/**
 * The workflow code a worker runs, bundled once. Bundling `workflows/` with webpack takes seconds of
 * CPU: a worker given `WORKFLOW_BUNDLE_PATH` loads a bundle built ahead (`npm run bundle:workflows`,
 * or the test run's global setup) instead of bundling at every start, as Temporal's samples do in
 * production. The bundle must come from the same workflow code: replay tests catch a stale one only
 * after the fact, so the build writes it next to nothing else and the path is explicit. The compiled
 * worker (`npm run build`, then `npm run start:worker`) loads the bundle the build wrote beside it,
 * `dist/workflow-bundle.js`, unless a path is given.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundleWorkflowCode, type WorkerOptions } from '@temporalio/worker';
import { PROJECT_ROOT, RUNNING_COMPILED } from '../project-root';

export const WORKFLOWS_PATH = join(PROJECT_ROOT, 'workflows', 'index.ts');
/** Where `npm run build` writes the bundle of the workflows it compiled. */
export const BUILT_WORKFLOW_BUNDLE = join(PROJECT_ROOT, 'dist', 'workflow-bundle.js');

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

/** Bundles `workflows/` into `path` (its source map inlined by the bundler's defaults). */
export async function writeWorkflowBundle(path: string): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
  return path;
}

/**
 * The worker option that gives it its workflows: the prebuilt bundle when one is named (or, for the
 * compiled worker, the build's own), else a fresh bundle of the source.
 */
export function workflowSource(
  bundlePath: string | undefined,
  compiled = RUNNING_COMPILED,
  built = BUILT_WORKFLOW_BUNDLE,
): Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> {
  bundlePath ??= compiled ? built : undefined;
  if (!bundlePath) return { workflowsPath: WORKFLOWS_PATH };
  if (!existsSync(bundlePath)) throw new Error(`The workflow bundle ${bundlePath} does not exist: run \`npm run build\` (or \`npm run bundle:workflows\` for a WORKFLOW_BUNDLE_PATH of your own)`);
  return { workflowBundle: { codePath: bundlePath } };
}
