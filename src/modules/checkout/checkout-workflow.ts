/**
 * How `checkout-<session_id>` is started, in one place for the two starters: the checkout request
 * (start) and the provider webhook (signal-with-start, so an event still finds a workflow when the
 * start after checkout never happened). Account, pack and session go in the memo and in search
 * attributes, so an operator finds the run in the Temporal Web UI from any of them.
 */
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { AppConfig } from '../../config';
import { AccountIdAttribute, CheckoutSessionAttribute, CreditPackAttribute } from '../../temporal/search-attributes';
import { providerEventSignal, type CheckoutProviderEvent, type CheckoutWorkflowInput, type Workflows } from '../../../workflows/definitions';
import type { CheckoutSession } from './checkout-session.store';

function startOptions(config: AppConfig, session: CheckoutSession) {
  const input: CheckoutWorkflowInput = {
    sessionId: session.session_id,
    accountId: session.account_id,
    packIndex: session.pack_index,
    credits: session.credits,
    confirmWindowMs: Math.round(config.psp.confirmWindowHours * 3_600_000),
  };
  return {
    taskQueue: config.temporal.taskQueue,
    workflowId: session.workflow_id,
    args: [input] as [CheckoutWorkflowInput],
    memo: { accountId: session.account_id, packIndex: session.pack_index, credits: session.credits, sessionId: session.session_id, amountIncGstCents: session.amount_inc_gst_cents },
    typedSearchAttributes: [
      { key: AccountIdAttribute, value: session.account_id },
      { key: CheckoutSessionAttribute, value: session.session_id },
      { key: CreditPackAttribute, value: String(session.pack_index) },
    ],
  };
}

/** Starts the session's workflow; a run already under that id counts as started. */
export async function startCheckoutWorkflow(client: Client, config: AppConfig, session: CheckoutSession): Promise<void> {
  await client.withDeadline(Date.now() + config.psp.startDeadlineMs, async () => {
    try {
      await client.workflow.start<Workflows['checkoutWorkflow']>('checkoutWorkflow', startOptions(config, session));
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  });
}

/** Passes a provider event to the session's workflow, starting it first if it is not running. */
export async function signalCheckoutWorkflow(client: Client, config: AppConfig, session: CheckoutSession, event: CheckoutProviderEvent): Promise<void> {
  await client.withDeadline(Date.now() + config.psp.startDeadlineMs, () =>
    client.workflow.signalWithStart<Workflows['checkoutWorkflow'], [CheckoutProviderEvent]>('checkoutWorkflow', { ...startOptions(config, session), signal: providerEventSignal, signalArgs: [event] }),
  );
}
