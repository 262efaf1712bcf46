/**
 * A run's history budget: whether the next step of a long workflow (a wave of pages, a slice of
 * delivery starts) still fits, or the run should continue as new first.
 *
 * A step's events do not all arrive while the step runs: a delivery workflow the sweep started reports
 * its completion whenever it finishes, often during a later step. So the budget counts what every step
 * so far may still add (its estimate), not only the history written so far; checking the history alone
 * let a run of a 200-event budget end at 202.
 */
import { patched, workflowInfo } from '@temporalio/workflow';

/** Room kept for the continue-as-new itself and the workflow task that makes it. */
export const CONTINUE_AS_NEW_EVENTS = 10;
/** Runs started before steps reserved their events check the history written so far, as they did then. */
export const BUDGET_RESERVES_PATCH = 'history-budget-reserves-steps';

export interface HistoryBudget {
  /** Whether a next step of up to `events` history events would pass the budget; a run's first step always fits. */
  wouldPass(events: number): boolean;
  /** Records that a step of up to `events` history events has begun. */
  took(events: number): void;
}

export function historyBudget(budget: number): HistoryBudget {
  let steps = 0;
  // The history this run will hold once every step begun so far has written all its events.
  let promised = workflowInfo().historyLength;
  const committed = () => (patched(BUDGET_RESERVES_PATCH) ? Math.max(promised, workflowInfo().historyLength) : workflowInfo().historyLength);
  return {
    wouldPass: (events) => steps > 0 && (workflowInfo().continueAsNewSuggested || committed() + events + CONTINUE_AS_NEW_EVENTS > budget),
    took: (events) => {
      promised = Math.max(promised, workflowInfo().historyLength) + events;
      steps += 1;
    },
  };
}
