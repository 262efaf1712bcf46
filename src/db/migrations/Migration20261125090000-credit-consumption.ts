import { Migration } from '@mikro-orm/migrations';

/**
 * Paying for checks: the Free plan's checks used per calendar month (UTC), counted under a row lock
 * so concurrent scans cannot both take the last free check; and, on each batch job, how many of its
 * items were covered by free checks and how many by credits reserved at submission, and how many of
 * those credits were refunded for items that failed.
 */
export class Migration20261125090000CreditConsumption extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "free_checks" (
      "account_id" uuid not null references "accounts" ("id"),
      "month" char(7) not null,
      "used" integer not null default 0 check ("used" >= 0),
      primary key ("account_id", "month")
    );`);
    this.addSql(`alter table "batch_jobs" add column "free_checks_used" integer not null default 0, add column "credits_reserved" integer not null default 0,
      add column "credits_refunded" integer not null default 0 check ("credits_refunded" <= "credits_reserved");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "batch_jobs" drop column "free_checks_used", drop column "credits_reserved", drop column "credits_refunded";`);
    this.addSql(`drop table "free_checks";`);
  }
}
