import { Migration } from '@mikro-orm/migrations';

/** Accounts, OAuth client registrations and JWT signing keys. */
export class Migration20261120010000Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "accounts" (
      "id" uuid primary key,
      "name" text not null check (length("name") between 1 and 256),
      "plan" text not null check ("plan" in ('free', 'starter', 'builder', 'scale', 'enterprise')),
      "custom_requests_per_minute" integer null check ("custom_requests_per_minute" > 0),
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "client_registrations" (
      "client_id" uuid primary key,
      "account_id" uuid not null references "accounts" ("id"),
      "name" text not null,
      "secret_hash" text not null,
      "scopes" text[] not null,
      "expires_at" timestamptz null,
      "webhook_secret_sealed" text not null,
      "revoked_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "secret_rotated_at" timestamptz null
    );`);
    this.addSql(`create index "client_registrations_account_idx" on "client_registrations" ("account_id");`);
    this.addSql(`create table "signing_keys" (
      "kid" text primary key,
      "alg" text not null,
      "public_jwk" jsonb not null,
      "private_jwk_sealed" text not null,
      "created_at" timestamptz not null default now(),
      "retired_at" timestamptz null
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "signing_keys";`);
    this.addSql(`drop table if exists "client_registrations";`);
    this.addSql(`drop table if exists "accounts";`);
  }
}
