import { Migration } from '@mikro-orm/migrations';

/**
 * Keeps a scan's compressed response body inside its row instead of in the TOAST table. A body is about
 * 5 kB of JSON and 1.7 kB compressed, which put about half the rows just over the 2 kB threshold: each of
 * those inserts then wrote to two more relations (the TOAST table and its index) before its commit, and
 * each retrieval read them back. `main` still compresses, and still moves a body out of line if the row
 * could not fit in a page otherwise. Existing rows are not rewritten. In bench:scans runs interleaved
 * with the previous storage the p99 was lower, though WAL per scan rose slightly (README, Benchmarks).
 */
export class Migration20261121000000ScanBodyInline extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "scans" alter column "response_body" set storage main;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "scans" alter column "response_body" set storage extended;`);
  }
}
