import { Migration } from '@mikro-orm/migrations';

/**
 * Permanent scan records. The exact response body is stored (retrieval is byte-identical, never a
 * re-run), with its SHA-256 and the list versions it used; a trigger refuses UPDATE and DELETE so the
 * record cannot change even by hand.
 */
export class Migration20261120040000Scans extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "scans" (
      "id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "client_id" uuid not null,
      "entity_type" text not null check ("entity_type" in ('person', 'organisation')),
      "entity_name" text not null,
      "request" jsonb not null,
      "response_body" text not null,
      "response_sha256" text not null,
      "list_versions" jsonb not null,
      "risk_level" text not null,
      "risk_score" integer not null,
      "match_count" integer not null,
      "idempotency_key" text null,
      "request_sha256" text not null,
      "origin" text not null default 'api',
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "scans_account_created_idx" on "scans" ("account_id", "created_at" desc);`);
    this.addSql(`create unique index "scans_idempotency_idx" on "scans" ("account_id", "idempotency_key") where "idempotency_key" is not null;`);
    this.addSql(`create or replace function refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception '% rows are immutable: % refused', tg_table_name, tg_op using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(`create trigger scans_immutable before update or delete on "scans" for each row execute function refuse_change();`);
    this.addSql(`create trigger scans_no_truncate before truncate on "scans" for each statement execute function refuse_change();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "scans";`);
    this.addSql(`drop function if exists refuse_change();`);
  }
}
