/**
 * Named timeout and retry presets, so every workflow states its intent instead of magic numbers.
 *
 * The rule: an infrastructure error (PostgreSQL or Redis down, a worker lost) is retried with backoff
 * and no attempt cap, bounded only by a schedule-to-close measured in hours, so an outage of minutes or
 * hours delays work but never fails it. Only domain errors end an activity early, and they are thrown
 * as non-retryable `ApplicationFailure`s by the activity itself. The exception is a published list's
 * download, whose server is outside our control: its run fails after a while and is recorded.
 */
import type { ActivityOptions } from '@temporalio/workflow';

/** How long an outage may last before work waiting on it is given up and recorded as failed. */
const OUTAGE_BUDGET = '12 hours';

/** Retried until the outage is over: backoff from 1 s to 1 min, no attempt cap. */
const untilBackUp = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;

/** Short database work (recording a step, reading a row). */
export const infrastructureWork: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: untilBackUp,
};

/** Downloading a published list: slow servers are retried for a while, then the run fails and is recorded. */
export const listDownload: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 5 },
};

/** Parsing and storing a whole list: heartbeats report progress; a stalled worker is noticed within a minute. */
export const listParsing: ActivityOptions = {
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: { ...untilBackUp, initialInterval: '5 seconds' },
};

/**
 * A chunk of batch items: each takes milliseconds and heartbeats, so a lost worker's chunk is noticed and
 * retried elsewhere within seconds; a database outage is waited out, never turned into item failures.
 */
export const batchItemScreening: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '5 seconds',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: untilBackUp,
};

/**
 * One webhook attempt: the HTTP timeout lives in the activity and a receiver's failure is an outcome the
 * workflow backs off on; Temporal retries only infrastructure errors. The attempt heartbeats, so one lost
 * with its worker is noticed in seconds, not after the minute.
 */
export const webhookAttempt: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '10 seconds',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: untilBackUp,
};

/** A page of a monitoring sweep: hundreds of in-memory screenings, heartbeating, so a lost worker's page moves on quickly. */
export const sweepPage: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: { ...untilBackUp, initialInterval: '2 seconds' },
};

/**
 * Downloading a register and loading it, in one activity (the file stays on the worker that fetched
 * it). The publisher's server is outside our control, so attempts are capped: a run that still fails is
 * recorded as failed and the next scheduled run tries again. Heartbeats carry the load's progress.
 */
export const registerDownload: ActivityOptions = {
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 8 },
};

/**
 * One call to a register's web service (ABN Lookup) while a caller waits: a few quick attempts, then the
 * caller is told the service could not be reached (and the source is listed as incomplete).
 */
export const webServiceCall: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '4 seconds', maximumAttempts: 3 },
};

/**
 * Granting credits a customer has paid for: retried until the database answers, with no deadline,
 * because the money was taken and giving up would leave a paid session with no grant. The grant
 * heartbeats while it waits on the database, so one lost with its worker is retried within seconds.
 */
export const paymentSettlement: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  retry: untilBackUp,
};

/**
 * Pushing a newsletter subscriber to the email provider: best-effort, so attempts are capped and the
 * subscriber is then recorded as failed. The workflow input sets the cap and the backoff (by default 10
 * attempts over about 20 minutes); a refusal the provider means (4xx) fails at once.
 */
export function emailProviderSync(policy: { maxAttempts: number; initialIntervalMs: number; maxIntervalMs: number }): ActivityOptions {
  return {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: policy.initialIntervalMs, backoffCoefficient: 2, maximumInterval: policy.maxIntervalMs, maximumAttempts: policy.maxAttempts },
  };
}

/**
 * One chain step of an escrow job or a bond (a transaction and its receipt). It may have been sent
 * when the worker died, so each step reads the chain before sending; the step heartbeats while it
 * waits for the receipt, so a lost worker's step is retried within seconds. A node outage is waited
 * out like any other: money is in escrow, giving up would strand it.
 */
export const chainStep: ActivityOptions = {
  startToCloseTimeout: '20 seconds',
  heartbeatTimeout: '10 seconds',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: untilBackUp,
};

/** Reputation feedback: nice to have, never worth blocking on; a few attempts, then the job's record says why not. */
export const reputationFeedback: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
};

/**
 * Finding a new list version's candidates: searches each changed entity among the enrolled customers,
 * after building this worker's customer index the first time (seconds at a million customers, during
 * which it cannot heartbeat), hence the long heartbeat timeout.
 */
export const changeCandidates: ActivityOptions = {
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '5 minutes',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: { ...untilBackUp, initialInterval: '2 seconds' },
};

/**
 * A page of a full re-screen: heartbeats every second from a timer (a customer whose new match writes
 * a scan and an alert can take seconds on a busy machine without stopping them), so a lost worker's
 * page is handed to another worker within seconds, which resumes at the page's recorded cursor.
 */
export const rescreenPage: ActivityOptions = {
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '10 seconds',
  scheduleToCloseTimeout: OUTAGE_BUDGET,
  retry: { ...untilBackUp, initialInterval: '2 seconds' },
};
