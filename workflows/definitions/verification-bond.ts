/** The verification bond's contract (`bond-<wallet>`): its input, the signals of the monitor, the payment path and operators, its state. */
import { defineQuery, defineSignal } from '@temporalio/workflow';

/** A flag the abuse monitor raised against a wallet, as its bond workflow receives it. */
export interface FlagRef {
  id: string;
  wallet: string;
  rule: string;
  pattern: string;
  summary: string;
  /** `bond-<wallet>`: the workflow this flag goes to. */
  bondWorkflowId: string;
}

export type BondStatus = 'bond_required' | 'under_verification' | 'released' | 'forfeited';

export interface BondInput {
  wallet: string;
  /** The clean window; 30 days in production, seconds in tests. */
  cleanWindowSeconds: number;
  flag: FlagRef;
}

export interface OperatorDecision {
  operator: string;
  reason: string;
}

export interface BondState {
  wallet: string;
  status: BondStatus;
  bondUsdc: number | null;
  escrowJobId: string | null;
  cleanWindowEndsAt: string | null;
  flags: FlagRef[];
  outcome: string | null;
}

export const walletFlaggedSignal = defineSignal<[FlagRef]>('walletFlagged');

export const bondPostedSignal = defineSignal<[{ escrowJobId: string }]>('bondPosted');

export const confirmAbuseSignal = defineSignal<[OperatorDecision]>('confirmAbuse');

export const clearWalletSignal = defineSignal<[OperatorDecision]>('clearWallet');

export const bondStateQuery = defineQuery<BondState>('bondState');
