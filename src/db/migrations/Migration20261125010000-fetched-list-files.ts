import { Migration } from '@mikro-orm/migrations';

/**
 * Downloaded list files, kept by content hash in PostgreSQL from the moment they are fetched until
 * the version parsed from them is stored. A worker's temporary folder is neither shared with other
 * workers nor safe across a retry; the database is both, so a retried or moved parse finds its file.
 */
export class Migration20261125010000FetchedListFiles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "fetched_list_files" (
      "sha256" text primary key check ("sha256" ~ '^[0-9a-f]{64}$'),
      "file_name" text not null,
      "byte_size" bigint not null,
      "content" bytea not null,
      "fetched_at" timestamptz(3) not null default now()
    );`);
    this.addSql(`alter table "fetched_list_files" alter column "content" set storage external;`); // already compressed formats: skip pglz
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "fetched_list_files";`);
  }
}
