import { Migration } from '@mikro-orm/migrations';

/**
 * Low-credit events (`credits.low_80`, `credits.low_95`) measure "used" against the balance right after
 * the account's most recent grant: the reference. It is kept beside the running balance, set by every
 * grant, so a debit reads it under the same row lock (and in the same statement) that moves the
 * balance, with no query of the ledger. `reference_entry_id` is that grant's ledger row: it names the
 * crossing (one event per threshold per grant). Existing accounts take it from their latest grant.
 */
export class Migration20261125100000LowCreditReference extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "credit_balances" add column "reference_balance" integer not null default 0, add column "reference_entry_id" uuid null;`);
    this.addSql(`update "credit_balances" b set "reference_balance" = g."balance_after", "reference_entry_id" = g."id"
      from (select distinct on ("account_id") "account_id", "id", "balance_after" from "credit_ledger" where "kind" = 'grant'
             order by "account_id", "created_at" desc, "id" desc) g
     where g."account_id" = b."account_id";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "credit_balances" drop column "reference_balance", drop column "reference_entry_id";`);
  }
}
