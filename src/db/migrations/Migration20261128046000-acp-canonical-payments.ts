import { Migration } from '@mikro-orm/migrations';

/**
 * One transfer pays one job (issue 46). Transaction hashes were stored as sent, so the same transfer
 * spelt in another case passed the unique column and paid again. Existing rows are canonicalised (lower
 * case); where two jobs were paid by one transfer in different spellings, the earliest keeps the hash
 * and each later one keeps it in `reused_payment_tx_hash` instead (the evidence of an unpaid job stays;
 * nothing is deleted). A check then holds every stored hash to the canonical form.
 *
 * Jobs also record the IP address they were submitted from (`source_ip`): the free tier is capped per
 * source address per day, and the abuse monitor reviews the wallets seen from one address together;
 * flags it raises that way carry the address too.
 */
export class Migration20261128046000AcpCanonicalPayments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "acp_jobs" add column "reused_payment_tx_hash" text null, add column "source_ip" text null;`);
    this.addSql(`with ranked as (
        select id, row_number() over (partition by lower(payment_tx_hash) order by created_at, id) as n
          from acp_jobs where payment_tx_hash is not null)
      update acp_jobs j set reused_payment_tx_hash = lower(j.payment_tx_hash), payment_tx_hash = null
        from ranked r where r.id = j.id and r.n > 1;`);
    this.addSql(`update acp_jobs set payment_tx_hash = lower(payment_tx_hash) where payment_tx_hash <> lower(payment_tx_hash);`);
    this.addSql(`alter table "acp_jobs" add constraint "acp_jobs_payment_tx_hash_canonical" check ("payment_tx_hash" = lower("payment_tx_hash"));`);
    this.addSql(`create index "acp_jobs_source_ip_idx" on "acp_jobs" ("source_ip", "created_at") where "source_ip" is not null;`);
    this.addSql(`alter table "acp_wallet_flags" add column "source_ip" text null;`);
    this.addSql(`create index "acp_wallet_flags_source_ip_idx" on "acp_wallet_flags" ("source_ip", "created_at") where "source_ip" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "acp_wallet_flags_source_ip_idx";`);
    this.addSql(`alter table "acp_wallet_flags" drop column "source_ip";`);
    this.addSql(`drop index "acp_jobs_source_ip_idx";`);
    this.addSql(`alter table "acp_jobs" drop constraint "acp_jobs_payment_tx_hash_canonical", drop column "source_ip", drop column "reused_payment_tx_hash";`);
  }
}
