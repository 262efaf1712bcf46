/**
 * `bond-<wallet>`: one flagged wallet's verification bond, the state machine behind the manifest's
 * abuse policy. Flagged → `bond_required` (the wallet's next job is refused until it posts a 2×
 * deposit into ERC-8183 escrow) → `under_verification` once the deposit is checked on chain (jobs run
 * degraded, under a tighter limit) → after a clean window (30 days; a durable timer) `released`: the
 * deposit is refunded and the wallet is clear. Confirmed abuse forfeits the deposit and the wallet is
 * refused: an operator's `confirmAbuse` signal, or a rule (a new flag while under verification).
 * An operator's `clearWallet` signal (a false positive) releases at once. State: the `bondState` query,
 * the `BondStatus` search attribute, and the wallet's row that `GET /acp/wallets/{address}` shows.
 */
import { condition, proxyActivities, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { BondActivities } from '../activities/bond';
import { chainStep, infrastructureWork } from './activity-options';
import { type BondInput, type BondState, type BondStatus, type FlagRef, type OperatorDecision, bondPostedSignal, bondStateQuery, clearWalletSignal, confirmAbuseSignal, walletFlaggedSignal } from './definitions';

const { requireVerificationBond } = proxyActivities<BondActivities>(infrastructureWork);
const { acceptVerificationBond, releaseVerificationBond, forfeitVerificationBond } = proxyActivities<BondActivities>(chainStep);

export async function verificationBondWorkflow(input: BondInput): Promise<BondState> {
  const { workflowId } = workflowInfo();
  const ref = { wallet: input.wallet, workflowId };
  const state: BondState = { wallet: input.wallet, status: 'bond_required', bondUsdc: null, escrowJobId: null, cleanWindowEndsAt: null, flags: [input.flag], outcome: null };
  const posted: string[] = [];
  let newFlag: FlagRef | undefined;
  let confirmed: OperatorDecision | undefined;
  let cleared: OperatorDecision | undefined;
  setHandler(walletFlaggedSignal, (flag) => {
    if (state.flags.some((f) => f.id === flag.id)) return;
    state.flags.push(flag);
    if (state.status === 'under_verification') newFlag ??= flag;
  });
  setHandler(bondPostedSignal, ({ escrowJobId }) => void posted.push(escrowJobId));
  setHandler(confirmAbuseSignal, (decision) => void (confirmed ??= decision));
  setHandler(clearWalletSignal, (decision) => void (cleared ??= decision));
  setHandler(bondStateQuery, () => state);
  const show = (status: BondStatus) => {
    state.status = status;
    upsertSearchAttributes({ BondStatus: [status] });
  };

  const required = await requireVerificationBond({ ...ref, flagIds: [input.flag.id] });
  state.bondUsdc = required.bondUsdc;
  if (required.status === 'forfeited') return finish(state, 'forfeited', 'already forfeited: the wallet stays refused');
  show('bond_required');

  // Waiting for the deposit (or an operator's word): each posted escrow job is checked on chain.
  while (state.escrowJobId === null) {
    await condition(() => posted.length > 0 || confirmed !== undefined || cleared !== undefined);
    if (cleared) {
      await releaseVerificationBond({ ...ref, escrowJobId: null, why: `cleared by ${cleared.operator}: ${cleared.reason}` });
      return finish(state, 'released', `cleared by ${cleared.operator} before a bond was posted`);
    }
    if (confirmed) {
      await forfeitVerificationBond({ ...ref, escrowJobId: null, cause: { operator: confirmed.operator, reason: confirmed.reason } });
      return finish(state, 'forfeited', `abuse confirmed by ${confirmed.operator} before a bond was posted`);
    }
    const escrowJobId = posted.shift()!;
    const accepted = await acceptVerificationBond({ ...ref, escrowJobId, bondUsdc: state.bondUsdc, cleanWindowSeconds: input.cleanWindowSeconds });
    if (accepted.ok) {
      state.escrowJobId = escrowJobId;
      state.cleanWindowEndsAt = accepted.cleanWindowEndsAt;
    }
  }
  show('under_verification');

  // The clean window: a durable timer; a new flag or an operator's confirmation ends it early.
  const clean = !(await condition(() => newFlag !== undefined || confirmed !== undefined || cleared !== undefined, input.cleanWindowSeconds * 1000));
  if (clean || cleared) {
    const why = clean ? `clean window of ${input.cleanWindowSeconds} s passed with no new flag` : `cleared by ${cleared!.operator}: ${cleared!.reason}`;
    await releaseVerificationBond({ ...ref, escrowJobId: state.escrowJobId, why });
    return finish(state, 'released', why);
  }
  const cause = confirmed ? { operator: confirmed.operator, reason: confirmed.reason } : { rule: newFlag!.rule, pattern: newFlag!.pattern, flag_id: newFlag!.id, summary: newFlag!.summary };
  await forfeitVerificationBond({ ...ref, escrowJobId: state.escrowJobId, cause });
  return finish(state, 'forfeited', confirmed ? `abuse confirmed by ${confirmed.operator}: ${confirmed.reason}` : `flagged again while under verification: ${newFlag!.summary}`);
}

function finish(state: BondState, status: BondStatus, outcome: string): BondState {
  state.status = status;
  state.outcome = outcome;
  upsertSearchAttributes({ BondStatus: [status] });
  return state;
}
