import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../app-role';

/**
 * Agent-commerce trust. Agent jobs may now be paid through an ERC-8183 escrow job: the escrow contract
 * and job id are unique together (one escrow pays for one job), and the provider's submit and the
 * evaluator's settlement transactions are kept beside the job, with the ERC-8004 feedback recorded after
 * it. Wallets the abuse monitor flags get a row in `acp_wallets` (the verification bond's state, a
 * projection of the `bond-<wallet>` workflow); every flag keeps its evidence in `acp_wallet_flags`, and
 * every bond transition is appended to `acp_wallet_events`. Flags and events are append-only for the
 * service role: evidence behind a forfeited deposit must not be rewritten.
 */
export class Migration20261125150000AgentCommerceTrust extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "acp_jobs" drop constraint "acp_jobs_payment_kind_check";`);
    this.addSql(`alter table "acp_jobs" add constraint "acp_jobs_payment_kind_check" check ("payment_kind" in ('free', 'transfer', 'x402', 'escrow'));`);
    this.addSql(`alter table "acp_jobs"
      add column "escrow_contract" text null,
      add column "escrow_job_id" numeric(78, 0) null,
      add column "escrow_submit_tx" text null,
      add column "escrow_settle_tx" text null,
      add column "reputation_txs" jsonb null,
      add column "degraded" boolean not null default false,
      add column "buyer_agent_id" numeric(78, 0) null,
      add constraint "acp_jobs_escrow_job_unique" unique ("escrow_contract", "escrow_job_id");`);
    this.addSql(`create table "acp_wallets" (
      "address" text primary key,
      "status" text not null check ("status" in ('clear', 'bond_required', 'under_verification', 'forfeited')),
      "bond_usdc" numeric(18, 6) null,
      "bond_escrow_contract" text null,
      "bond_escrow_job_id" numeric(78, 0) null,
      "bond_posted_at" timestamptz(3) null,
      "clean_window_ends_at" timestamptz(3) null,
      "flagged_at" timestamptz(3) null,
      "workflow_id" text not null,
      "updated_at" timestamptz(3) not null default clock_timestamp(),
      unique ("bond_escrow_contract", "bond_escrow_job_id")
    );`);
    this.addSql(`create table "acp_wallet_flags" (
      "id" bigserial primary key,
      "address" text not null,
      "rule" text not null check ("rule" in ('structuring', 'enumeration', 'blacklisted_wallet', 'operator')),
      "pattern" text not null,
      "summary" text not null,
      "job_ids" jsonb not null,
      "evidence" jsonb not null,
      "fingerprint" text not null unique,
      "handled_at" timestamptz(3) null,
      "created_at" timestamptz(3) not null default clock_timestamp()
    );`);
    this.addSql(`create index "acp_wallet_flags_address_idx" on "acp_wallet_flags" ("address", "created_at" desc);`);
    this.addSql(`create index "acp_wallet_flags_unhandled_idx" on "acp_wallet_flags" ("created_at") where "handled_at" is null;`);
    this.addSql(`create table "acp_wallet_events" (
      "id" bigserial primary key,
      "address" text not null,
      "event" text not null,
      "detail" jsonb not null,
      "created_at" timestamptz(3) not null default clock_timestamp()
    );`);
    this.addSql(`create index "acp_wallet_events_address_idx" on "acp_wallet_events" ("address", "id");`);
    this.addSql(`create index "acp_jobs_recent_idx" on "acp_jobs" ("created_at");`);
    this.addSql(`revoke update, delete, truncate on "acp_wallet_flags", "acp_wallet_events" from ${APP_ROLE};`);
    this.addSql(`grant update ("handled_at") on "acp_wallet_flags" to ${APP_ROLE};`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "acp_wallet_events";`);
    this.addSql(`drop table "acp_wallet_flags";`);
    this.addSql(`drop table "acp_wallets";`);
    this.addSql(`drop index "acp_jobs_recent_idx";`);
    this.addSql(`alter table "acp_jobs" drop constraint "acp_jobs_escrow_job_unique", drop column "escrow_contract", drop column "escrow_job_id", drop column "escrow_submit_tx", drop column "escrow_settle_tx", drop column "reputation_txs", drop column "degraded", drop column "buyer_agent_id";`);
    this.addSql(`alter table "acp_jobs" drop constraint "acp_jobs_payment_kind_check";`);
    this.addSql(`alter table "acp_jobs" add constraint "acp_jobs_payment_kind_check" check ("payment_kind" in ('free', 'transfer', 'x402'));`);
  }
}
