import { Migration } from '@mikro-orm/migrations';

/**
 * Stranded-work recovery. A batch job is committed before its workflow starts, so a job whose start
 * failed can be `withdrawn` (the caller was told 503 and nothing was accepted) and a job whose start
 * never happened (the API died in between) is found by the recovery schedule through a partial index
 * on pending jobs. Webhook events left `pending` are found the same way and re-driven.
 */
export class Migration20261125000000StrandedWork extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "batch_jobs" drop constraint "batch_jobs_status_check";`);
    this.addSql(`alter table "batch_jobs" add constraint "batch_jobs_status_check" check ("status" in ('pending', 'running', 'completed', 'withdrawn'));`);
    this.addSql(`create index "batch_jobs_unfinished_idx" on "batch_jobs" ("created_at") where "status" in ('pending', 'running');`);
    this.addSql(`create index "webhook_events_pending_idx" on "webhook_events" ("created_at") where "status" = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "webhook_events_pending_idx";`);
    this.addSql(`drop index "batch_jobs_unfinished_idx";`);
    this.addSql(`alter table "batch_jobs" drop constraint "batch_jobs_status_check";`);
    this.addSql(`alter table "batch_jobs" add constraint "batch_jobs_status_check" check ("status" in ('pending', 'running', 'completed'));`);
  }
}
