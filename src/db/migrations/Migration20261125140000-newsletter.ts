import { Migration } from '@mikro-orm/migrations';

/**
 * Newsletter sign-ups (`POST /v1/newsletter/subscribe`).
 * - `email` is stored normalised (trimmed, the whole address lower-cased) and is unique, so a second
 *   sign-up of the same address in another case updates the row instead of adding one. The check
 *   keeps any writer from storing an address in another form.
 * - `first_source` is the surface that captured the address first and never changes; `source` is the
 *   latest surface. `revision` counts sign-ups of the address: the sync workflow records its outcome
 *   only on the revision it was started for, so a stale run never overwrites a newer sign-up's status.
 * - `sync_status`: `not_configured` (no provider URL when the address signed up), `pending` (a sync
 *   run was started, or could not be and the row waits), `synced`, `failed` (the provider refused or
 *   kept failing until the attempt cap). `sync_attempts` counts the provider calls of the current
 *   revision; `sync_error` says what the last failure was (never the address itself).
 */
export class Migration20261125140000Newsletter extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "newsletter_subscribers" (
      "id" uuid primary key,
      "email" text not null unique check ("email" = lower(btrim("email")) and length("email") between 3 and 320),
      "source" text not null check (length("source") between 1 and 100),
      "first_source" text not null check (length("first_source") between 1 and 100),
      "revision" integer not null default 1,
      "subscribed_at" timestamptz(3) not null default clock_timestamp(),
      "updated_at" timestamptz(3) not null default clock_timestamp(),
      "sync_status" text not null check ("sync_status" in ('pending', 'synced', 'failed', 'not_configured')),
      "sync_attempts" integer not null default 0,
      "synced_at" timestamptz(3) null,
      "sync_error" text null
    );`);
    this.addSql(`create index "newsletter_subscribers_sync_idx" on "newsletter_subscribers" ("sync_status", "updated_at") where "sync_status" in ('pending', 'failed');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "newsletter_subscribers";`);
  }
}
