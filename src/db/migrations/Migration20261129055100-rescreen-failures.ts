import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../app-role';

/**
 * Enrolments a monitoring pass (a sweep or a full re-screen, by its key) passed over because their
 * re-screen kept throwing (src/modules/monitoring/enrolment-failures.ts): one row each, written once and
 * never changed; and a full re-screen's page counts them beside the customers it screened.
 */
export class Migration20261129055100RescreenFailures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "rescreen_failures" (
      "pass_key" text not null,
      "enrolment_id" uuid not null references "monitoring_enrolments" ("id"),
      "error" text not null,
      "failed_by" text not null,
      "failed_at" timestamptz not null default now(),
      primary key ("pass_key", "enrolment_id")
    );`);
    this.addSql(`create trigger rescreen_failures_immutable before update or delete on "rescreen_failures" for each row execute function refuse_change();`);
    this.addSql(`create trigger rescreen_failures_no_truncate before truncate on "rescreen_failures" for each statement execute function refuse_change();`);
    this.addSql(`revoke update, delete, truncate on "rescreen_failures" from ${APP_ROLE};`);
    this.addSql(`alter table "rescreen_pages" add column "failed" int not null default 0;`);
    this.addSql(`grant update ("failed") on "rescreen_pages" to ${APP_ROLE};`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rescreen_pages" drop column "failed";`);
    this.addSql(`drop table if exists "rescreen_failures";`);
  }
}
