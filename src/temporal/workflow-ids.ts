/** Workflow ids are meaningful so operators can find a run in the Web UI by what it is about. */
import { createHash } from 'node:crypto';

/** A UTC timestamp safe inside an id: 2026-11-20T23-59-01Z. */
export const idTimestamp = (at: Date = new Date()) => at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');

/**
 * Ids of workflows started from outside Temporal. Those started by workflows (`webhook-<event_id>`,
 * `sweep-<source>-v<n>`) are built in workflows/, which may not import runtime code from src/.
 */
export const workflowIds = {
  batch: (jobId: string) => `batch-${jobId}`,
  /** `pipeline-<source>-<date>`: one refresh of one list (sources like `opensanctions:peps` keep their colon). */
  pipeline: (source: string, at: Date = new Date()) => `pipeline-${source}-${idTimestamp(at)}`,
  /** `register-<source>-<date>`: one load of one public register (ABR, ASIC, ...). */
  register: (source: string, at: Date = new Date()) => `register-${source}-${idTimestamp(at)}`,
  /** `abn-lookup-<abn>`: the ABN Lookup web service asked about one ABN (concurrent askers share the run). */
  abnLookup: (abn: string) => `abn-lookup-${abn}`,
  /** `checkout-<session_id>`: one credit pack checkout, waiting for the payment provider's confirmation. */
  checkout: (sessionId: string) => `checkout-${sessionId}`,
  /** `acp-<acp_job_id>`: one agent job, from payment accepted to deliverable evaluated. */
  acpJob: (jobId: string) => `acp-${jobId}`,
  /**
   * `newsletter-sync-<first 32 hex of sha256(normalised email)>`: one subscriber's sync to the email
   * provider. The address itself never goes into an id, memo, search attribute or input: the Web UI shows them.
   */
  newsletterSync: (normalisedEmail: string) => `newsletter-sync-${createHash('sha256').update(normalisedEmail).digest('hex').slice(0, 32)}`,
} as const;
