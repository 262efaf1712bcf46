import { Migration } from '@mikro-orm/migrations';

/**
 * The registers beyond the ABR, each loaded as versions in `register_loads`:
 * - `register_entries`: the small published lists (ASIC banned and disqualified persons and
 *   organisations, ASIC published notices, AUSTRAC enforcement actions and reporting entities). Every
 *   load keeps its own rows, so a past version can be read back; "current" is the newest succeeded load.
 * - `asic_companies`: the ASIC company dataset, one row per ACN and name as the latest load described
 *   it (millions of rows: kept once, each naming the load that last wrote it, like `abr_entities`).
 * - `austender_contracts`: AusTender contract notices from the OCDS API, one row per release id.
 * - `abn_lookup_responses`: ABN Lookup web-service answers for ABNs missing from the extract, so the
 *   same ABN is not fetched twice within the cache window.
 */
export class Migration20261125060000RegisterSources extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "register_entries" (
      "load_id" uuid not null references "register_loads" ("id"),
      "source" text not null,
      "record_no" integer not null,
      "name" text not null,
      "name_key" text not null,
      "acn" char(9) null,
      "abn" char(11) null,
      "category" text not null,
      "start_date" date null,
      "end_date" date null,
      "url" text null,
      "detail" jsonb not null default '{}',
      primary key ("load_id", "record_no")
    );`);
    this.addSql(`create index "register_entries_name_idx" on "register_entries" ("load_id", "name_key");`);
    this.addSql(`create index "register_entries_acn_idx" on "register_entries" ("load_id", "acn") where "acn" is not null;`);
    this.addSql(`create index "register_entries_abn_idx" on "register_entries" ("load_id", "abn") where "abn" is not null;`);

    this.addSql(`create table "asic_companies" (
      "acn" char(9) not null,
      "name" text not null,
      "name_key" text not null,
      "current_name" boolean not null,
      "type" text null,
      "class" text null,
      "sub_class" text null,
      "status" text not null,
      "registered_on" date null,
      "deregistered_on" date null,
      "abn" char(11) null,
      "load_id" uuid not null references "register_loads" ("id"),
      primary key ("acn", "name")
    );`);
    this.addSql(`create index "asic_companies_abn_idx" on "asic_companies" ("abn") where "abn" is not null;`);
    this.addSql(`create index "asic_companies_name_idx" on "asic_companies" ("name_key");`);

    this.addSql(`create table "austender_contracts" (
      "release_id" text primary key,
      "cn_id" text not null,
      "agency" text null,
      "agency_key" text null,
      "supplier_name" text null,
      "supplier_abn" char(11) null,
      "title" text null,
      "value_aud" numeric(16, 2) null,
      "published_at" timestamptz(3) null,
      "start_date" date null,
      "end_date" date null,
      "release" jsonb not null,
      "load_id" uuid not null references "register_loads" ("id")
    );`);
    this.addSql(`create index "austender_contracts_published_idx" on "austender_contracts" ("published_at");`);
    this.addSql(`create index "austender_contracts_agency_idx" on "austender_contracts" ("agency_key", "published_at");`);

    this.addSql(`create table "abn_lookup_responses" (
      "abn" char(11) primary key,
      "found" boolean not null,
      "response" jsonb not null,
      "fetched_at" timestamptz(3) not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "abn_lookup_responses";`);
    this.addSql(`drop table "austender_contracts";`);
    this.addSql(`drop table "asic_companies";`);
    this.addSql(`drop table "register_entries";`);
  }
}
