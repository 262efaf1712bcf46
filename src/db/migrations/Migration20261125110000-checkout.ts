import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../app-role';

/**
 * Buying credits through the payment provider's hosted checkout.
 * - `checkout_sessions`: one row per session we created, with what we asked the provider to charge
 *   (pack, credits, inc-GST / GST / ex-GST from the pricing table) and what became of it. `status`
 *   moves open → paid | expired | failed, set only by the `checkout-<session_id>` workflow. A paid
 *   session gets the next tax invoice number. `request_key` is the caller's Idempotency-Key, so a
 *   retried checkout request answers the session already created instead of opening a second one.
 * - `psp_events`: every provider event whose signature verified, kept whole (the provider's own record
 *   as it reached us, which finance reconciles the ledger against). The event id is the key, so a
 *   redelivery is recognised; `processed_at` stays null until the event was acted on, so an event whose
 *   processing failed is processed again on the provider's next delivery.
 * And the ledger gets what scans and the case audit log have: the running service's role may only
 * insert and read it, so its credentials cannot rewrite a movement even with the trigger dropped.
 */
export class Migration20261125110000Checkout extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence "tax_invoice_number_seq" start 1;`);
    this.addSql(`create table "checkout_sessions" (
      "session_id" text primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "client_id" uuid not null,
      "pack_index" smallint not null check ("pack_index" between 0 and 3),
      "credits" integer not null check ("credits" > 0),
      "amount_inc_gst_cents" integer not null,
      "gst_cents" integer not null,
      "ex_gst_cents" integer not null,
      "currency" char(3) not null,
      "checkout_url" text not null,
      "workflow_id" text not null,
      "request_key" text null,
      "status" text not null default 'open' check ("status" in ('open', 'paid', 'expired', 'failed')),
      "payment_intent_id" text null,
      "provider_amount_total" integer null,
      "invoice_number" bigint null unique,
      "expires_at" timestamptz(3) not null,
      "created_at" timestamptz(3) not null default clock_timestamp(),
      "settled_at" timestamptz(3) null
    );`);
    this.addSql(`create index "checkout_sessions_account_idx" on "checkout_sessions" ("account_id", "created_at" desc);`);
    this.addSql(`create unique index "checkout_sessions_request_key_idx" on "checkout_sessions" ("account_id", "request_key");`);
    this.addSql(`create index "checkout_sessions_payment_intent_idx" on "checkout_sessions" ("payment_intent_id");`);
    this.addSql(`create table "psp_events" (
      "event_id" text primary key,
      "event_type" text not null,
      "provider_created_at" timestamptz(3) not null,
      "session_id" text null,
      "payment_intent_id" text null,
      "payload" jsonb not null,
      "received_at" timestamptz(3) not null default clock_timestamp(),
      "processed_at" timestamptz(3) null,
      "deliveries" integer not null default 1
    );`);
    this.addSql(`create index "psp_events_created_idx" on "psp_events" ("provider_created_at");`);
    this.addSql(`create index "psp_events_session_idx" on "psp_events" ("session_id");`);
    this.addSql(`revoke update, delete, truncate on "credit_ledger" from ${APP_ROLE};`);
  }

  override async down(): Promise<void> {
    this.addSql(`grant update, delete on "credit_ledger" to ${APP_ROLE};`);
    this.addSql(`drop table "psp_events";`);
    this.addSql(`drop table "checkout_sessions";`);
    this.addSql(`drop sequence "tax_invoice_number_seq";`);
  }
}
