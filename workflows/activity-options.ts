/** Named timeout and retry presets, so every workflow states its intent instead of magic numbers. */
import type { ActivityOptions } from '@temporalio/workflow';

/** Short database work: retried quickly, a few times. */
export const quickDatabaseWork: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 10 },
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
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 },
};

/**
 * A chunk of batch items: each takes milliseconds and heartbeats, so a lost worker's chunk is noticed and
 * retried elsewhere within seconds; a few retries ride out a database hiccup, then the chunk's items fail alone.
 */
export const batchItemScreening: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '5 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 6 },
};

/**
 * One webhook attempt: the HTTP timeout lives in the activity; Temporal retries only infrastructure errors.
 * The attempt heartbeats, so one lost with its worker is noticed in seconds, not after the minute.
 */
export const webhookAttempt: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
};

/** A page of a monitoring sweep: hundreds of in-memory screenings, heartbeating, so a lost worker's page moves on quickly. */
export const sweepPage: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
};
