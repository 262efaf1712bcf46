/**
 * The ABN Lookup web-service activity: the stored answer when fetched within the cache window,
 * otherwise one call (retried by the activity policy) whose answer is stored. A GUID the service
 * rejects is a configuration fault, not a transient one: it fails at once.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { lookupAbnCached } from '../src/modules/registers/abn-lookup.store';
import { AbnLookupClient, AbnLookupRejectedError } from '../src/sources/abn-lookup/client';
import type { AbnLookupAnswer } from '../workflows/definitions';
import type { ActivityDeps } from './deps';

export function createAbnLookupActivities(deps: ActivityDeps) {
  const settings = deps.config.registers.abnLookup;
  const client = settings.guid ? new AbnLookupClient({ baseUrl: settings.baseUrl, guid: settings.guid, timeoutMs: settings.timeoutMs }) : undefined;
  return {
    async lookupAbnDetails(input: { abn: string }): Promise<AbnLookupAnswer> {
      if (!client) throw ApplicationFailure.nonRetryable('ABN_LOOKUP_GUID is not configured', 'NotConfigured');
      try {
        return await lookupAbnCached(deps.orm.em.fork(), client, input.abn, { now: new Date(), cacheHours: settings.cacheHours });
      } catch (err) {
        if (err instanceof AbnLookupRejectedError) throw ApplicationFailure.nonRetryable((err as Error).message, 'AbnLookupRejected');
        throw err;
      }
    },
  };
}

export type AbnLookupActivities = ReturnType<typeof createAbnLookupActivities>;
