/**
 * The reviewed list of what the service's database role (`compliance_app`) may change after a row is
 * written. Every table not named here is append-only for it (INSERT and SELECT at most); evidence is
 * kept that way by revoked privileges plus triggers (migrations `app-role`, `checkout`,
 * `evidence-append-only-i47`). New tables get full read/write through default privileges, so
 * test/security/app-role-privileges.test.ts compares this list with the database's grants: a table added
 * without review fails it. Adding a table here is the review: say why the service must change or delete
 * its rows, and whether any of it is evidence.
 */

export interface AppRoleWrite {
  /** `all`: any column; otherwise the only columns the role may UPDATE (column privileges). */
  update: 'all' | readonly string[];
  /** Whether the role may DELETE rows. */
  delete: boolean;
  why: string;
}

/** Working state: rows that describe the present, rewritten as it changes; none is a record of the past. */
const WORKING_STATE = (why: string): AppRoleWrite => ({ update: 'all', delete: true, why });

export const APP_ROLE_WRITES: Readonly<Record<string, AppRoleWrite>> = {
  // Identity and billing state.
  accounts: WORKING_STATE('account settings and plan; changes reach callers through the identity notify trigger'),
  client_registrations: WORKING_STATE('client scopes, rotation and revocation (revoked_at) are admin operations'),
  signing_keys: WORKING_STATE('key rotation retires keys (retired_at)'),
  credit_balances: WORKING_STATE('the running balance, derived from the append-only credit_ledger and checked against it'),
  free_checks: WORKING_STATE('free checks used this month, a counter'),
  checkout_sessions: WORKING_STATE('a checkout moves open -> paid/expired/failed; the money itself is in credit_ledger and psp_events'),
  // Work in progress.
  batch_jobs: WORKING_STATE('a batch job advances through its states and counts'),
  batch_items: WORKING_STATE('each item records its outcome when screened (the scan itself is immutable)'),
  acp_jobs: WORKING_STATE('an agent job advances funded -> submitted -> settled, with its transaction hashes'),
  acp_wallets: WORKING_STATE("a wallet's current standing, recomputed from acp_wallet_events (append-only)"),
  webhook_events: WORKING_STATE('delivery status of an outgoing webhook'),
  webhook_attempts: WORKING_STATE('delivery attempts of an outgoing webhook'),
  pipeline_runs: WORKING_STATE("a list pipeline run's status and detail"),
  fetched_list_files: WORKING_STATE('a cache of downloaded list files, pruned once stored as a version'),
  monitoring_enrolments: WORKING_STATE('an enrolment is deactivated and carries its known matches and last scan'),
  monitoring_alerts: WORKING_STATE('an alert is linked to its webhook event once sent'),
  monitoring_suppressions: WORKING_STATE('suppressions a customer sets and lifts'),
  rescreen_pages: {
    update: ['attempts', 'started_by', 'status', 'completed_by', 'completed_at', 'cursor', 'processed', 'failed'],
    delete: false,
    why: "a full re-screen's page moves its cursor and counts per chunk and is marked done once; who was screened is in rescreen_screenings, who failed in rescreen_failures (both append-only)",
  },
  newsletter_subscribers: WORKING_STATE('subscription status and sync attempts'),
  knowledge_passages: WORKING_STATE('reference text synced from knowledge/ on every migrate'),
  // Current-state copies of public registers (each row names the load it came from; the loads and their entries are kept).
  abr_entities: WORKING_STATE("the ABN register's current state, upserted from each load"),
  asic_companies: WORKING_STATE("ASIC's company register's current state, upserted from each load"),
  austender_contracts: WORKING_STATE("AusTender's contract notices' current state, upserted by release"),
  abn_lookup_responses: WORKING_STATE('a cache of ABN Lookup answers, refreshed when stale'),

  // Evidence with one-way columns: the column privilege limits what the role can touch, a trigger how.
  cases: {
    update: ['decision', 'decision_notes', 'event_count', 'head_hash', 'head_anchor', 'updated_at'],
    delete: false,
    why: 'the decision and head move with each decision; every one of these is checked against the audit chain when a case is read',
  },
  match_rulings: { update: ['revoked_at', 'revoked_by_sequence'], delete: false, why: "a ruling is revoked once when its case decides again; the case's chain names the rulings in force" },
  psp_events: { update: ['processed_at', 'deliveries'], delete: false, why: 'an event is marked processed once; redeliveries are counted (only upward)' },
  list_versions: { update: ['sweep_workflow_id'], delete: false, why: "a version's monitoring sweep is recorded once" },
  register_loads: {
    update: ['status', 'record_count', 'problem_count', 'problems', 'finished_at', 'version_number'],
    delete: false,
    why: 'a running load is closed once with its outcome',
  },
  acp_wallet_flags: { update: ['handled_at'], delete: false, why: 'an abuse flag is marked handled' },
  x402_payment_identifiers: {
    update: ['settlement_tx', 'settled_at'],
    delete: true,
    why: "an x402 payment-identifier claim gets its settlement once; a claim refused before any funds moved is released (deleted) so the id can be used again; a trigger keeps a settled claim unchanged and undeletable",
  },
};
