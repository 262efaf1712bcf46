import { Migration } from '@mikro-orm/migrations';

/**
 * Versioned watchlists: a refresh that changes a list writes a new version (one transaction) with its
 * entities, counts, content hash and what changed since the previous version. New versions are
 * announced on `list_versions_changed` so every process swaps its matching index.
 */
export class Migration20261120030000Watchlists extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "list_versions" (
      "id" uuid primary key,
      "source" text not null,
      "version_number" integer not null,
      "list_kind" text not null,
      "content_hash" text not null,
      "entity_count" integer not null,
      "counts" jsonb not null,
      "problem_count" integer not null,
      "problems" jsonb not null,
      "origin" text not null,
      "added_count" integer not null,
      "removed_count" integer not null,
      "changed_count" integer not null,
      "previous_version_id" uuid null references "list_versions" ("id"),
      "pipeline_run_id" uuid null,
      "created_at" timestamptz not null default now(),
      unique ("source", "version_number")
    );`);
    this.addSql(`create index "list_versions_source_latest_idx" on "list_versions" ("source", "version_number" desc);`);
    this.addSql(`create table "listed_entities" (
      "list_version_id" uuid not null references "list_versions" ("id"),
      "source_id" text not null,
      "content_hash" text not null,
      "entity" jsonb not null,
      primary key ("list_version_id", "source_id")
    );`);
    this.addSql(`create table "list_version_changes" (
      "list_version_id" uuid not null references "list_versions" ("id"),
      "source_id" text not null,
      "change" text not null check ("change" in ('added', 'removed', 'changed')),
      "previous_hash" text null,
      "current_hash" text null,
      primary key ("list_version_id", "source_id")
    );`);
    this.addSql(`create or replace function notify_list_version() returns trigger language plpgsql as $$
      begin
        perform pg_notify('list_versions_changed', new.source || ':' || new.id::text);
        return null;
      end $$;`);
    this.addSql(`create trigger list_versions_notify after insert on "list_versions" for each row execute function notify_list_version();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists list_versions_notify on "list_versions";`);
    this.addSql(`drop function if exists notify_list_version();`);
    this.addSql(`drop table if exists "list_version_changes";`);
    this.addSql(`drop table if exists "listed_entities";`);
    this.addSql(`drop table if exists "list_versions";`);
  }
}
