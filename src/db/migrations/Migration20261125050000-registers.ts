import { Migration } from '@mikro-orm/migrations';

/**
 * Public registers behind the Trust Score. Every load of a register file is a row of `register_loads`
 * (its content hash, counts and problems, the workflow that ran it): a file identical to the last one
 * loaded is recorded as `unchanged` and makes no new version, and the latest successful or unchanged
 * load is the source's `last_refreshed`. `abr_entities` holds each ABN as the latest load described it,
 * naming that load.
 */
export class Migration20261125050000Registers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "register_loads" (
      "id" uuid primary key,
      "source" text not null,
      "version_number" integer null,
      "status" text not null check ("status" in ('running', 'succeeded', 'unchanged', 'failed')),
      "content_sha256" text null,
      "origin" text not null,
      "workflow_id" text null,
      "record_count" integer not null default 0,
      "problem_count" integer not null default 0,
      "problems" jsonb not null default '[]',
      "started_at" timestamptz(3) not null default now(),
      "finished_at" timestamptz(3) null,
      unique ("source", "version_number")
    );`);
    this.addSql(`create index "register_loads_source_idx" on "register_loads" ("source", "started_at" desc);`);
    this.addSql(`create table "abr_entities" (
      "abn" char(11) primary key,
      "status" text not null check ("status" in ('ACT', 'CAN')),
      "status_from" date null,
      "entity_type_code" text not null,
      "entity_type_text" text not null,
      "name" text not null,
      "individual" boolean not null,
      "state" text null,
      "postcode" text null,
      "asic_number" text null,
      "gst_status" text null,
      "gst_from" date null,
      "other_names" jsonb not null default '[]',
      "record_last_updated" date null,
      "load_id" uuid not null references "register_loads" ("id")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "abr_entities";`);
    this.addSql(`drop table "register_loads";`);
  }
}
