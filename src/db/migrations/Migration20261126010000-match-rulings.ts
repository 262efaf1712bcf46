import { Migration } from '@mikro-orm/migrations';

/**
 * What reviewers ruled about each match of a case's scan, so later screening of the same customer can
 * remember it: a `false_positive` ruling clears a listed entity (suppressed while the entity's content
 * hash is unchanged), a `true_match` ruling confirms it (never suppressed, whatever else was ruled).
 * Rows are written in the transaction of the decision's audit event and revoked (never deleted) by a
 * later decision on the same case. The customer is the normalised name and date of birth (or name
 * alone for organisations) and the monitoring enrolments the scan belongs to. `monitoring_suppressions`
 * records each sweep that withheld a cleared match, with the clearing case.
 */
export class Migration20261126010000MatchRulings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "match_rulings" (
      "id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "customer_key" text null,
      "enrolment_ids" uuid[] not null default '{}',
      "listed_entity_id" text not null,
      "ruling" text not null check ("ruling" in ('false_positive', 'true_match')),
      "list_version_id" uuid null,
      "list_version" integer null,
      "content_hash" text null,
      "case_id" uuid not null references "cases" ("id"),
      "scan_id" uuid not null references "scans" ("id"),
      "audit_sequence" integer not null,
      "ruled_by" text not null,
      "ruled_at" timestamptz(3) not null,
      "revoked_at" timestamptz(3) null,
      "revoked_by_sequence" integer null
    );`);
    this.addSql(`create index "match_rulings_customer_idx" on "match_rulings" ("account_id", "customer_key", "listed_entity_id") where "revoked_at" is null;`);
    this.addSql(`create index "match_rulings_enrolment_idx" on "match_rulings" using gin ("enrolment_ids") where "revoked_at" is null;`);
    this.addSql(`create index "match_rulings_case_idx" on "match_rulings" ("case_id") where "revoked_at" is null;`);
    this.addSql(`create table "monitoring_suppressions" (
      "enrolment_id" uuid not null references "monitoring_enrolments" ("id"),
      "sweep_key" text not null,
      "listed_entity_id" text not null,
      "case_id" uuid not null,
      "cleared_by" text not null,
      "cleared_at" timestamptz(3) not null,
      "created_at" timestamptz(3) not null,
      primary key ("enrolment_id", "sweep_key", "listed_entity_id")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monitoring_suppressions";`);
    this.addSql(`drop table if exists "match_rulings";`);
  }
}
