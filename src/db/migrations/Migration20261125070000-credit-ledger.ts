import { Migration } from '@mikro-orm/migrations';

/**
 * Credits: the ledger is the authoritative record of every movement (architecture: credits decisions).
 * Append-only like scans (a trigger refuses UPDATE, DELETE and TRUNCATE), one row per movement with a
 * signed amount, a unique idempotency key (a grant per provider session, a debit per scan or batch
 * item, a reversal per refund or dispute) and the balance after it. `credit_balances` holds the
 * running balance, changed in the same transaction as the row, never below zero.
 */
export class Migration20261125070000CreditLedger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "credit_balances" (
      "account_id" uuid primary key references "accounts" ("id"),
      "balance" integer not null default 0 check ("balance" >= 0),
      "updated_at" timestamptz(3) not null default now()
    );`);
    this.addSql(`create table "credit_ledger" (
      "id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "kind" text not null check ("kind" in ('grant', 'debit', 'refund', 'reversal')),
      "amount" integer not null check ("amount" <> 0),
      "balance_after" integer not null check ("balance_after" >= 0),
      "idempotency_key" text not null unique,
      "description" text not null,
      "scan_id" uuid null,
      "job_id" uuid null,
      "item_index" integer null,
      "provider_session_id" text null,
      "provider_payment_id" text null,
      "pack_index" smallint null,
      "amount_inc_gst_cents" integer null,
      "gst_cents" integer null,
      "ex_gst_cents" integer null,
      "created_at" timestamptz(3) not null default clock_timestamp()
    );`);
    this.addSql(`create index "credit_ledger_account_idx" on "credit_ledger" ("account_id", "created_at" desc, "id" desc);`);
    this.addSql(`create trigger credit_ledger_immutable before update or delete on "credit_ledger" for each row execute function refuse_change();`);
    this.addSql(`create trigger credit_ledger_no_truncate before truncate on "credit_ledger" for each statement execute function refuse_change();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "credit_ledger";`);
    this.addSql(`drop table "credit_balances";`);
  }
}
