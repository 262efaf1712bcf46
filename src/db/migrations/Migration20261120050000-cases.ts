import { Migration } from '@mikro-orm/migrations';

/**
 * Compliance cases and their audit log. Audit events are append-only at the database level (a trigger
 * refuses UPDATE and DELETE) and chained by hash; the case row keeps the head of the chain, so cutting
 * off the newest events is detectable too.
 */
export class Migration20261120050000Cases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "cases" (
      "id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "scan_id" uuid not null references "scans" ("id"),
      "reviewer" text not null check (length("reviewer") between 1 and 256),
      "decision" text not null check ("decision" in ('pending', 'true_match', 'false_positive')),
      "decision_notes" text null,
      "event_count" integer not null,
      "head_hash" text not null,
      "created_at" timestamptz(3) not null,
      "updated_at" timestamptz(3) not null
    );`);
    this.addSql(`create index "cases_account_idx" on "cases" ("account_id", "created_at" desc);`);
    this.addSql(`create table "case_audit_events" (
      "case_id" uuid not null references "cases" ("id"),
      "sequence" integer not null check ("sequence" >= 1),
      "event_type" text not null,
      "actor" text not null,
      "event_data" jsonb null,
      "created_at" timestamptz(3) not null,
      "previous_hash" text null,
      "hash" text not null,
      primary key ("case_id", "sequence")
    );`);
    this.addSql(`create trigger case_audit_events_immutable before update or delete on "case_audit_events" for each row execute function refuse_change();`);
    this.addSql(`create trigger case_audit_events_no_truncate before truncate on "case_audit_events" for each statement execute function refuse_change();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "case_audit_events";`);
    this.addSql(`drop table if exists "cases";`);
  }
}
