import { Migration } from '@mikro-orm/migrations';

/**
 * Credits an operator and finance can account for (issue 46).
 * - Operator grants and revocations (`operator_grant`, `operator_revoke`: Enterprise credits by
 *   agreement, goodwill, corrections) are ledger rows that must name who did it (`actor`) and why
 *   (`reason`); the check refuses one without either.
 * - The Free plan's monthly checks are ledger rows too (`free_check`, amount 0, `free_checks` says how
 *   many: negative when a withdrawn batch gave them back), so the ledger shows every check paid for.
 * - A reversal may be of 0 credits: a refund or dispute of a pack whose credits were already used still
 *   gets its row (naming what was used), so finance sees every provider fact in the ledger.
 * - Refunds and disputes that arrive before the payment they are about is matched stay unprocessed in
 *   `psp_events` (no column of the event changes) until the grant lands; the partial index finds them
 *   by payment intent at that moment.
 */
export class Migration20261128460000I46AccountableCredits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "credit_ledger" add column "actor" text null, add column "reason" text null, add column "free_checks" integer null;`);
    this.addSql(`alter table "credit_ledger" drop constraint "credit_ledger_kind_check";`);
    this.addSql(`alter table "credit_ledger" add constraint "credit_ledger_kind_check"
      check ("kind" in ('grant', 'debit', 'refund', 'reversal', 'operator_grant', 'operator_revoke', 'free_check'));`);
    this.addSql(`alter table "credit_ledger" drop constraint "credit_ledger_amount_check";`);
    this.addSql(`alter table "credit_ledger" add constraint "credit_ledger_amount_check"
      check ("amount" <> 0 or "kind" in ('reversal', 'free_check'));`);
    this.addSql(`alter table "credit_ledger" add constraint "credit_ledger_operator_named"
      check ("kind" not in ('operator_grant', 'operator_revoke') or (coalesce("actor", '') <> '' and coalesce("reason", '') <> ''));`);
    this.addSql(`alter table "credit_ledger" add constraint "credit_ledger_operator_sign"
      check (("kind" <> 'operator_grant' or "amount" > 0) and ("kind" <> 'operator_revoke' or "amount" < 0));`);
    this.addSql(`alter table "credit_ledger" add constraint "credit_ledger_free_check_counted"
      check ("kind" <> 'free_check' or ("amount" = 0 and "free_checks" is not null and "free_checks" <> 0));`);
    this.addSql(`create index "psp_events_unprocessed_intent_idx" on "psp_events" ("payment_intent_id") where "processed_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "psp_events_unprocessed_intent_idx";`);
    this.addSql(`alter table "credit_ledger" drop constraint "credit_ledger_free_check_counted", drop constraint "credit_ledger_operator_sign", drop constraint "credit_ledger_operator_named";`);
    this.addSql(`alter table "credit_ledger" drop constraint "credit_ledger_amount_check";`);
    this.addSql(`alter table "credit_ledger" add constraint "credit_ledger_amount_check" check ("amount" <> 0);`);
    this.addSql(`alter table "credit_ledger" drop constraint "credit_ledger_kind_check";`);
    this.addSql(`alter table "credit_ledger" add constraint "credit_ledger_kind_check" check ("kind" in ('grant', 'debit', 'refund', 'reversal'));`);
    this.addSql(`alter table "credit_ledger" drop column "actor", drop column "reason", drop column "free_checks";`);
  }
}
