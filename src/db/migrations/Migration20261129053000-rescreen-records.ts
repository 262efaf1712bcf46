import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../app-role';

/**
 * Records of the two ways monitoring re-screens at scale.
 * - `change_rescreens` / `change_rescreen_candidates`: the enrolments a new list version's changes
 *   reached (the version's sweep re-screens only those), found once per sweep.
 * - `rescreen_pages` / `rescreen_screenings`: a full re-screen's pages of enrolments, planned once, each
 *   with the cursor its chunks have reached (a page taken over after its worker died resumes there), and
 *   one row per enrolment screened, which cannot be written twice and is never changed.
 */
export class Migration20261129053000RescreenRecords extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "change_rescreens" (
      "sweep_key" text primary key,
      "list_version_id" uuid not null references "list_versions" ("id"),
      "changed_entities" int not null,
      "candidates" int not null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create table "change_rescreen_candidates" (
      "sweep_key" text not null,
      "enrolment_id" uuid not null references "monitoring_enrolments" ("id"),
      primary key ("sweep_key", "enrolment_id")
    );`);
    this.addSql(`create table "rescreen_pages" (
      "rescreen_key" text not null,
      "page_number" int not null,
      "after_id" uuid null,
      "last_id" uuid null,
      "cursor" uuid null,
      "processed" int not null default 0,
      "status" text not null default 'pending' check ("status" in ('pending', 'done')),
      "started_by" text null,
      "completed_by" text null,
      "attempts" int not null default 0,
      "created_at" timestamptz not null default now(),
      "completed_at" timestamptz null,
      primary key ("rescreen_key", "page_number")
    );`);
    this.addSql(`create table "rescreen_screenings" (
      "rescreen_key" text not null,
      "enrolment_id" uuid not null references "monitoring_enrolments" ("id"),
      "page_number" int not null,
      "screened_by" text not null,
      "screened_at" timestamptz not null default now(),
      primary key ("rescreen_key", "enrolment_id")
    );`);
    this.addSql(`create trigger rescreen_screenings_immutable before update or delete on "rescreen_screenings" for each row execute function refuse_change();`);
    this.addSql(`create trigger rescreen_screenings_no_truncate before truncate on "rescreen_screenings" for each statement execute function refuse_change();`);
    // The service role records; it never rewrites which customers a release reached or who was screened.
    for (const table of ['change_rescreens', 'change_rescreen_candidates', 'rescreen_pages', 'rescreen_screenings']) {
      this.addSql(`revoke update, delete, truncate on "${table}" from ${APP_ROLE};`);
    }
    // A page moves its cursor and counts as its chunks are screened, and is marked done once.
    this.addSql(`grant update ("attempts", "started_by", "status", "completed_by", "completed_at", "cursor", "processed") on "rescreen_pages" to ${APP_ROLE};`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rescreen_screenings";`);
    this.addSql(`drop table if exists "rescreen_pages";`);
    this.addSql(`drop table if exists "change_rescreen_candidates";`);
    this.addSql(`drop table if exists "change_rescreens";`);
  }
}
