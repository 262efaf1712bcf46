/** The newsletter sync workflow's contract (`newsletter-sync-<hash>`). */

export interface NewsletterSyncPolicy {
  maxAttempts: number;
  initialIntervalMs: number;
  maxIntervalMs: number;
}

export interface NewsletterSyncInput {
  subscriberId: string;
  /** The sign-up this run syncs; the row's outcome is recorded only while it is still the latest. */
  revision: number;
  policy: NewsletterSyncPolicy;
}

export interface NewsletterSyncResult {
  status: 'synced' | 'failed' | 'not_configured' | 'superseded';
  /** False when the row had moved on to a newer sign-up (or was deleted) before the outcome was recorded. */
  recorded: boolean;
}
