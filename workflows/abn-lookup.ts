/**
 * An ABN missing from the loaded bulk extract, looked up in the ABN Lookup web service
 * (`abn-lookup-<abn>`): one activity that answers the stored response when it is recent, otherwise
 * fetches and stores it. Concurrent requests for the same ABN share one run (the API starts it with
 * "use existing"), so the service is asked once.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { AbnLookupActivities } from '../activities/abn-lookup';
import { webServiceCall } from './activity-options';
import type { AbnLookupAnswer } from './definitions';

const { lookupAbnDetails } = proxyActivities<AbnLookupActivities>(webServiceCall);

export async function abnLookupWorkflow(input: { abn: string }): Promise<AbnLookupAnswer> {
  return lookupAbnDetails(input);
}
