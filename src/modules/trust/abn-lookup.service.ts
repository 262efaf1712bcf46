/**
 * How the Trust Score asks the ABN Lookup web service about an ABN missing from the bulk extract: the
 * stored answer when recent (no Temporal round trip), otherwise the `abn-lookup-<abn>` workflow, waited
 * for within a deadline. A service that cannot be reached in time is reported as `unavailable`, and
 * the score lists `abn_lookup` in `incomplete_sources` rather than treating the ABN as unknown.
 */
import { WorkflowIdConflictPolicy, type Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { storedAbnLookup } from '../registers/abn-lookup.store';
import { workflowIds } from '../../temporal/workflow-ids';
import type { AbnLookupAnswer, Workflows } from '../../../workflows/definitions';
import type { AbnLookupOutcome } from './register-lookup';

const HOUR_MS = 3_600_000;

const outcomeOf = (answer: Pick<AbnLookupAnswer, 'record' | 'fetchedAt'>): AbnLookupOutcome =>
  answer.record.found ? { status: 'found', record: answer.record, fetchedAt: answer.fetchedAt } : { status: 'not_found', fetchedAt: answer.fetchedAt };

/** The lookup the Trust Score service uses, or undefined when no GUID is configured (the service is not called). */
export function abnLookupFor(config: AppConfig, temporal: Client, logger: Logger): ((em: EntityManager, abn: string) => Promise<AbnLookupOutcome>) | undefined {
  const settings = config.registers.abnLookup;
  if (!settings.guid) return undefined;
  return async (em, abn) => {
    const stored = await storedAbnLookup(em, abn);
    if (stored && Date.now() - new Date(stored.fetchedAt).getTime() < settings.cacheHours * HOUR_MS) return outcomeOf(stored);
    try {
      const answer = await temporal.withDeadline(Date.now() + settings.timeoutMs * 3, () =>
        temporal.workflow.execute<Workflows['abnLookupWorkflow']>('abnLookupWorkflow', {
          taskQueue: config.temporal.taskQueue,
          workflowId: workflowIds.abnLookup(abn),
          args: [{ abn }],
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        }),
      );
      return outcomeOf(answer);
    } catch (err) {
      logger.warn({ abn, err: err instanceof Error ? err.message : String(err) }, 'ABN Lookup unavailable for a Trust Score');
      return { status: 'unavailable', reason: 'The ABN Lookup web service could not be reached.' };
    }
  };
}
