import { Migration } from '@mikro-orm/migrations';

/**
 * Agent jobs (ACP). One row per job, kept for good: the buyer's wallet, the service and payload, how it
 * was paid (one of the wallet's free jobs on the test network, numbered 1 to N so concurrent requests
 * cannot take the same free slot; or a USDC transfer whose hash is unique, so a payment is never
 * accepted twice), the ERC-8183 status, the result or error, and the SHA-256 of the deliverable an
 * on-chain evaluator checks. Scans that jobs run are stored as permanent scans of the agent-jobs account
 * created here (agents have no account of their own: their wallet identifies them).
 */
export class Migration20261125130000AcpJobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into "accounts" ("id", "name", "plan") values ('00000000-0000-4000-8000-0000000ac901', 'Agent jobs (ACP)', 'enterprise') on conflict do nothing;`);
    this.addSql(`create table "acp_jobs" (
      "id" uuid primary key,
      "service_id" text not null,
      "buyer_address" text not null,
      "chain" text not null,
      "usdc_amount" numeric(18, 6) not null check ("usdc_amount" > 0),
      "payload" jsonb not null,
      "status" text not null check ("status" in ('open', 'funded', 'submitted', 'completed', 'rejected', 'expired')),
      "payment_kind" text not null check ("payment_kind" in ('free', 'transfer', 'x402')),
      "free_job_number" integer null,
      "payment_tx_hash" text null unique,
      "result" jsonb null,
      "error" text null,
      "deliverable_sha256" text null,
      "scan_id" uuid null,
      "workflow_id" text not null,
      "created_at" timestamptz(3) not null default clock_timestamp(),
      "settled_at" timestamptz(3) null,
      unique ("buyer_address", "chain", "free_job_number")
    );`);
    this.addSql(`create index "acp_jobs_buyer_idx" on "acp_jobs" ("buyer_address", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "acp_jobs";`);
    this.addSql(`delete from "accounts" where "id" = '00000000-0000-4000-8000-0000000ac901';`);
  }
}
