import { Migration } from '@mikro-orm/migrations';

/**
 * The transaction that enrolled each customer (`pg_current_xact_id()`, written once at insert), so a
 * worker's index of customers can read exactly the enrolments its base missed: those whose transaction
 * the base's snapshot did not see (src/modules/monitoring/customer-index.ts). Rows from before are left
 * null: the column's lock means no enrolment commits during the migration, so every later snapshot sees them.
 */
export class Migration20261129060000EnrolmentXids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "monitoring_enrolments" add column "enrolled_xid" xid8;`);
    this.addSql(`alter table "monitoring_enrolments" alter column "enrolled_xid" set default pg_current_xact_id();`);
    this.addSql(`create index "monitoring_enrolments_enrolled_xid_idx" on "monitoring_enrolments" ("enrolled_xid") where "active" and "enrolled_xid" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "monitoring_enrolments" drop column "enrolled_xid";`);
  }
}
