import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for reading a register's entries across *all* its versions by ACN or name key (issue 48:
 * ASIC's published notices accumulate across refreshes, each notice kept with the version that first
 * saw it), so the Trust Score does not read every stored notice of every version.
 */
export class Migration20261128480000I48RegisterEntriesAcrossVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "register_entries_source_acn_idx" on "register_entries" ("source", "acn") where "acn" is not null;`);
    this.addSql(`create index "register_entries_source_abn_idx" on "register_entries" ("source", "abn") where "abn" is not null;`);
    this.addSql(`create index "register_entries_source_name_idx" on "register_entries" ("source", "name_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "register_entries_source_name_idx";`);
    this.addSql(`drop index "register_entries_source_abn_idx";`);
    this.addSql(`drop index "register_entries_source_acn_idx";`);
  }
}
