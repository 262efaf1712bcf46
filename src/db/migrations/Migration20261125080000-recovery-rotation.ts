import { Migration } from '@mikro-orm/migrations';

/**
 * Stranded-work recovery looks at a bounded number of unfinished batch jobs and pending webhook events
 * per run. Ordered by age alone, a backlog of old events still retrying normally would fill every run
 * and hide a newer event whose delivery never started. Each row now records when recovery last looked
 * at it, and each run takes the ones looked at longest ago (never first), so every row is reached.
 */
export class Migration20261125080000RecoveryRotation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_events" add column "recovery_checked_at" timestamptz(3) null;`);
    this.addSql(`alter table "batch_jobs" add column "recovery_checked_at" timestamptz(3) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_events" drop column "recovery_checked_at";`);
    this.addSql(`alter table "batch_jobs" drop column "recovery_checked_at";`);
  }
}
