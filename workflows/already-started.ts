/**
 * Whether a child start failed only because a run with that workflow id exists. Checked by name: the
 * error class lives in @temporalio/common, which the workflow package does not re-export.
 */
export function isAlreadyStarted(err: unknown): boolean {
  return err instanceof Error && err.name === 'WorkflowExecutionAlreadyStartedError';
}
