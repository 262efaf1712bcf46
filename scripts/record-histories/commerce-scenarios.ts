/**
 * Drives the commercial side's workflows on the recording stack: a credit pack checkout confirmed by
 * a signed provider event, a free agent job (with its `reputation-<id>` child and the abuse monitor it
 * wakes), a scripted enumeration that the monitor flags into a `bond-<wallet>` run an operator then
 * clears, and a newsletter sign-up synced to the email provider.
 */
import { randomUUID } from 'node:crypto';
import { workflowIds } from '../../src/temporal/workflow-ids';
import { clearWalletSignal } from '../../workflows/definitions';
import { newBuyerWallet } from '../../test/helpers/acp-stack';
import { jsonOf, type Json } from '../../test/helpers/http';
import { eventually } from '../../test/helpers/https-receiver';
import { deliver, paymentIntentId, sessionEvent } from '../../test/helpers/psp-events';
import { apiOf } from './screening-scenarios';
import type { RecordingStack } from './recording-stack';

const ELIGIBILITY = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };
/** Eleven names queried in alphabetical order: the enumeration rule's pattern. */
const SORTED_NAMES = ['Acacia Holdings', 'Banksia Trading', 'Casuarina Partners', 'Dianella Group', 'Eucalypt Logistics', 'Grevillea Foods', 'Hakea Mining', 'Isopogon Consulting', 'Jacksonia Freight', 'Kennedia Health', 'Leptospermum Capital'];

const submitJob = async (stack: RecordingStack, body: Json): Promise<Json> => {
  const res = await fetch(`${stack.app.url}/acp/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`POST /acp/jobs answered ${res.status}: ${await res.text()}`);
  return jsonOf(res);
};

/** Pack 0 bought: `checkout-<session>` signalled by the provider's `checkout.session.completed`. */
export async function runCheckout(stack: RecordingStack): Promise<void> {
  const session = await apiOf(stack)('POST', '/v1/psp/checkout', { account_id: stack.customer.accountId, pack_index: 0 });
  const paid = sessionEvent('checkout.session.completed', { id: session.session_id, accountId: stack.customer.accountId, amountTotal: session.amount_inc_gst_cents, paymentIntent: paymentIntentId(), paymentStatus: 'paid' });
  const res = await deliver(stack.app.url, paid);
  if (res.status !== 200) throw new Error(`the provider webhook answered ${res.status}`);
  await stack.temporal.workflow.getHandle(workflowIds.checkout(session.session_id)).result();
}

/** A free eligibility job: `acp-<id>`, then `reputation-<id>` once it completed. */
export async function runAgentJob(stack: RecordingStack): Promise<void> {
  const wallet = await newBuyerWallet(stack.config.acp.rpcUrl!);
  const job = await submitJob(stack, { service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY });
  if (job.status !== 'completed') throw new Error(`the agent job ended ${job.status}`);
  await eventually(async () => {
    const described = await stack.temporal.workflow.getHandle(`reputation-${job.acp_job_id}`).describe().catch(() => undefined);
    return described?.status.name === 'COMPLETED';
  }, 60_000, 'the reputation feedback recorded');
}

/** A scripted enumeration: flagged by `acp-abuse-monitor-…`, held by `bond-<wallet>`, cleared by an operator. */
export async function runAbuseAndBond(stack: RecordingStack): Promise<void> {
  const wallet = await newBuyerWallet(stack.config.acp.rpcUrl!);
  for (const name of SORTED_NAMES) await submitJob(stack, { service_id: 'austrac_enforcement', buyer_agent_address: wallet.address, usdc_amount: 20, payload: { name } });
  const flagged = await eventually(async () => {
    const standing = await jsonOf(await fetch(`${stack.app.url}/acp/wallets/${wallet.address}`));
    return standing.status === 'bond_required' ? standing : undefined;
  }, 60_000, 'the wallet flagged and a bond demanded');
  const bond = stack.temporal.workflow.getHandle(flagged.workflow_id as string);
  await bond.signal(clearWalletSignal, { operator: 'history-recorder', reason: 'a recorded run, not abuse' });
  await bond.result();
}

/** A sign-up pushed to the email provider by `newsletter-sync-<hash>`. */
export async function runNewsletterSync(stack: RecordingStack): Promise<void> {
  const email = `recorder-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${stack.app.url}/v1/newsletter/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, source: 'footer' }) });
  if (res.status !== 200) throw new Error(`subscribe answered ${res.status}`);
  await stack.temporal.workflow.getHandle(workflowIds.newsletterSync(email)).result();
}
