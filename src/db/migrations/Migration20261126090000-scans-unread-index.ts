import { Migration } from '@mikro-orm/migrations';

/**
 * Drops `scans_account_created_idx`: no query reads scans by account and time (a scan is fetched by
 * id, or by account and idempotency key, which has its own index), yet every scan paid for writing it
 * (docs/performance.md). An endpoint that lists an account's scans would bring its index back with it.
 */
export class Migration20261126090000ScansUnreadIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "scans_account_created_idx";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "scans_account_created_idx" on "scans" ("account_id", "created_at" desc);`);
  }
}
