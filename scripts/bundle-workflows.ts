/** `npm run bundle:workflows [-- <path>]`: the workflow bundle a worker loads with WORKFLOW_BUNDLE_PATH (default `.data/workflow-bundle.js`). */
import { resolve } from 'node:path';
import { writeWorkflowBundle } from '../src/temporal/workflow-bundle';

const target = resolve(process.argv[2] ?? '.data/workflow-bundle.js');
writeWorkflowBundle(target).then(
  (path) => process.stdout.write(`workflow bundle written to ${path}\n`),
  (err: unknown) => {
    process.stderr.write(`bundling failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
