/**
 * `acp-abuse-monitor-<task queue>`: the monitoring agent the manifest discloses, one long-running workflow over
 * agent-job traffic. It reviews the traffic every few minutes, and soon after the API reports a job
 * (the `trafficRecorded` signal, debounced), so a scripted run is caught while it runs. The jobs are in
 * PostgreSQL, so a signal lost to an outage only delays a review. Each new flag goes to its wallet's
 * `bond-<wallet>` workflow (started if none runs, told if one does), then is marked handled; a crash in
 * between only tells the bond workflow twice, which ignores a flag it has seen.
 */
import { condition, continueAsNew, getExternalWorkflowHandle, ParentClosePolicy, proxyActivities, setHandler, sleep, startChild, WorkflowIdReusePolicy, workflowInfo } from '@temporalio/workflow';
import type { AbuseActivities } from '../activities/abuse';
import { infrastructureWork } from './activity-options';
import { isAlreadyStarted } from './already-started';
import { verificationBondWorkflow } from './verification-bond';
import { type AbuseMonitorInput, type FlagRef, trafficRecordedSignal, walletFlaggedSignal } from './definitions';

const { reviewAgentTraffic, pendingWalletFlags, markWalletFlagsHandled } = proxyActivities<AbuseActivities>(infrastructureWork);

/** Jobs tend to come in bursts: wait this long after a signal so one review sees the burst. */
const DEBOUNCE_MS = 500;
const FLAGS_PER_ROUND = 100;

export async function abuseMonitorWorkflow(input: AbuseMonitorInput): Promise<void> {
  let poked = false;
  setHandler(trafficRecordedSignal, () => void (poked = true));
  let cursor = input.cursor ?? null;
  while (!workflowInfo().continueAsNewSuggested) {
    await condition(() => poked, input.reviewEverySeconds * 1000);
    if (poked) await sleep(DEBOUNCE_MS);
    poked = false;
    cursor = (await reviewAgentTraffic({ since: cursor })).cursor;
    for (let flags = await pendingWalletFlags({ limit: FLAGS_PER_ROUND }); flags.length; flags = await pendingWalletFlags({ limit: FLAGS_PER_ROUND })) {
      for (const flag of flags) await handToBond(flag, input.cleanWindowSeconds);
      await markWalletFlagsHandled({ ids: flags.map((f) => f.id) });
    }
  }
  await continueAsNew<typeof abuseMonitorWorkflow>({ ...input, cursor });
}

async function handToBond(flag: FlagRef, cleanWindowSeconds: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await startChild(verificationBondWorkflow, {
        workflowId: flag.bondWorkflowId,
        args: [{ wallet: flag.wallet, cleanWindowSeconds, flag }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        searchAttributes: { Wallet: [flag.wallet], BondStatus: ['bond_required'] },
        memo: { rule: flag.rule, pattern: flag.pattern, summary: flag.summary },
      });
      return;
    } catch (err) {
      if (!isAlreadyStarted(err)) throw err;
    }
    try {
      await getExternalWorkflowHandle(flag.bondWorkflowId).signal(walletFlaggedSignal, flag);
      return;
    } catch {
      // It closed between the two calls: start a new run.
    }
  }
  throw new Error(`could not hand flag ${flag.id} to ${flag.bondWorkflowId}`);
}
