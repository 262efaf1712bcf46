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
const CONTINUE_AS_NEW_EVENTS = 10;
/**
 * The room a run that reserves its steps keeps: the continue-as-new's, and the events no step's estimate
 * holds (a workflow task that failed or timed out on a loaded worker, this patch's own marker). The
 * budget stays an estimate, far below Temporal's own limits, not a bound the server enforces.
 */
const RESERVING_ROOM_EVENTS = 20;
/** Runs started before steps reserved their events check the history written so far, as they did then. */
export const BUDGET_RESERVES_PATCH = 'history-budget-reserves-steps';

export interface HistoryBudget {
  /**
   * Whether a next step of up to `events` history events fits (a run's first step always does); when it
   * does, its events are counted as begun. When it does not, the run should continue as new.
   */
  fits(events: number): boolean;
}

export function historyBudget(budget: number): HistoryBudget {
  let steps = 0;
  // The history this run will hold once every step begun so far has written all its events.
  let promised = workflowInfo().historyLength;
  // The history this run would hold, with the room it keeps; the patch decides how it was counted then.
  const projected = () =>
    patched(BUDGET_RESERVES_PATCH) ? Math.max(promised, workflowInfo().historyLength) + RESERVING_ROOM_EVENTS : workflowInfo().historyLength + CONTINUE_AS_NEW_EVENTS;
  return {
    fits: (events) => {
      if (steps > 0 && (workflowInfo().continueAsNewSuggested || projected() + events > budget)) return false;
      promised = Math.max(promised, workflowInfo().historyLength) + events;
      steps += 1;
      return true;
    },
  };
}
