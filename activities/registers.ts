/**
 * Register activities: loading one register file as a new version (or finding it unchanged). A file
 * in the wrong format or missing fails at once; a database outage is waited out by the retry policy.
 */
import { ApplicationFailure, Context } from '@temporalio/activity';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { storeAbrExtract } from '../src/modules/registers/abr-store';
import type { RegisterLoadOutcome } from '../src/modules/registers/register-loads';
import { UnexpectedFormatError } from '../src/sources/listed-entity';
import type { ActivityDeps } from './deps';

export interface RegisterFileInput {
  source: 'abr';
  file: string;
  workflowId: string;
}

export function createRegisterActivities(deps: ActivityDeps) {
  return {
    async storeRegisterFile(input: RegisterFileInput): Promise<RegisterLoadOutcome> {
      try {
        return await storeAbrExtract(deps.orm.em.fork(), { path: input.file, origin: `file:${input.file}`, workflowId: input.workflowId }, (progress) =>
          Context.current().heartbeat(progress),
        );
      } catch (err) {
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        if (!isDatabaseUnavailable(err) && (err instanceof UnexpectedFormatError || missing || /malformed XML/.test(String(err)))) {
          throw ApplicationFailure.nonRetryable(err instanceof Error ? err.message : String(err), missing ? 'FileNotFound' : 'UnexpectedFormat');
        }
        throw err;
      }
    },
  };
}

export type RegisterActivities = ReturnType<typeof createRegisterActivities>;
