import { Migration } from '@mikro-orm/migrations';

/**
 * Batch jobs and their items, and webhook events with every delivery attempt. An event keeps the
 * exact body it is delivered with, so every attempt sends the same bytes under the same event id.
 */
export class Migration20261120060000BatchesWebhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "batch_jobs" (
      "id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "client_id" uuid not null,
      "status" text not null check ("status" in ('pending', 'running', 'completed')),
      "total_items" integer not null,
      "completed_items" integer not null default 0,
      "failed_items" integer not null default 0,
      "webhook_url" text null,
      "workflow_id" text not null,
      "created_at" timestamptz(3) not null,
      "started_at" timestamptz(3) null,
      "completed_at" timestamptz(3) null
    );`);
    this.addSql(`create index "batch_jobs_account_idx" on "batch_jobs" ("account_id", "created_at" desc);`);
    this.addSql(`create table "batch_items" (
      "job_id" uuid not null references "batch_jobs" ("id"),
      "item_index" integer not null,
      "entity_name" text not null,
      "entity_type" text not null,
      "request" jsonb not null,
      "status" text not null check ("status" in ('pending', 'completed', 'failed')),
      "scan_id" uuid null references "scans" ("id"),
      "error_message" text null,
      "processed_at" timestamptz(3) null,
      primary key ("job_id", "item_index")
    );`);
    this.addSql(`create table "webhook_events" (
      "id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "client_id" uuid not null,
      "event_type" text not null,
      "subject_id" text not null,
      "target_url" text not null,
      "body" text not null,
      "status" text not null check ("status" in ('pending', 'delivered', 'failed')),
      "created_at" timestamptz(3) not null,
      "finished_at" timestamptz(3) null,
      unique ("event_type", "subject_id")
    );`);
    this.addSql(`create index "webhook_events_account_idx" on "webhook_events" ("account_id", "created_at" desc);`);
    this.addSql(`create table "webhook_attempts" (
      "event_id" uuid not null references "webhook_events" ("id"),
      "attempt" integer not null,
      "attempted_at" timestamptz(3) not null,
      "status_code" integer null,
      "latency_ms" integer null,
      "outcome" text not null check ("outcome" in ('delivered', 'retry', 'permanent_failure')),
      "error" text null,
      primary key ("event_id", "attempt")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_attempts";`);
    this.addSql(`drop table if exists "webhook_events";`);
    this.addSql(`drop table if exists "batch_items";`);
    this.addSql(`drop table if exists "batch_jobs";`);
  }
}
