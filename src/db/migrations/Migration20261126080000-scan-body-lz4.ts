import { Migration } from '@mikro-orm/migrations';

/**
 * New scans compress their response body and request with lz4 instead of PostgreSQL's default pglz:
 * several times less CPU per insert for a slightly larger row (docs/performance.md). Existing rows keep
 * their compression; reading either is transparent, so retrieval stays byte-identical.
 */
export class Migration20261126080000ScanBodyLz4 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "scans" alter column "response_body" set compression lz4;`);
    this.addSql(`alter table "scans" alter column "request" set compression lz4;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "scans" alter column "response_body" set compression pglz;`);
    this.addSql(`alter table "scans" alter column "request" set compression pglz;`);
  }
}
