import { Migration } from '@mikro-orm/migrations';

/**
 * Ongoing monitoring: enrolments (deactivated, never deleted, so the audit trail stays) with the matches
 * already known for each, and the alerts a sweep raises, at most one per enrolment per sweep.
 */
export class Migration20261120070000Monitoring extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "monitoring_enrolments" (
      "id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "client_id" uuid not null,
      "scan_id" uuid not null references "scans" ("id"),
      "entity_name" text not null,
      "entity_type" text not null check ("entity_type" in ('person', 'organisation')),
      "webhook_url" text null,
      "active" boolean not null default true,
      "known_matches" jsonb not null,
      "last_scan_id" uuid not null references "scans" ("id"),
      "enrolled_at" timestamptz(3) not null,
      "deactivated_at" timestamptz(3) null
    );`);
    this.addSql(`create unique index "monitoring_enrolments_active_scan_idx" on "monitoring_enrolments" ("account_id", "scan_id") where "active";`);
    this.addSql(`create index "monitoring_enrolments_account_idx" on "monitoring_enrolments" ("account_id", "enrolled_at" desc);`);
    this.addSql(`create index "monitoring_enrolments_active_idx" on "monitoring_enrolments" ("id") where "active";`);
    this.addSql(`create table "monitoring_alerts" (
      "id" uuid primary key,
      "enrolment_id" uuid not null references "monitoring_enrolments" ("id"),
      "account_id" uuid not null references "accounts" ("id"),
      "sweep_key" text not null,
      "scan_id" uuid null references "scans" ("id"),
      "previous_scan_id" uuid not null references "scans" ("id"),
      "new_matches" jsonb not null,
      "removed_matches" jsonb not null,
      "list_versions" jsonb not null,
      "webhook_event_id" uuid null,
      "created_at" timestamptz(3) not null,
      unique ("enrolment_id", "sweep_key")
    );`);
    this.addSql(`create index "monitoring_alerts_account_idx" on "monitoring_alerts" ("account_id", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monitoring_alerts";`);
    this.addSql(`drop table if exists "monitoring_enrolments";`);
  }
}
