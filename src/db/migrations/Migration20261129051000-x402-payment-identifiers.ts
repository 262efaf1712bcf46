import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../app-role';

/**
 * Two things agent jobs paid over x402 v2 and the free tier need from the database.
 *
 * `x402_payment_identifiers`: the x402 `payment-identifier` extension's idempotency keys. A v2 payment
 * that names an id claims it (the primary key) before anything is verified or settled, so two requests
 * with one id can never both settle; the claim records which job request it was for (`request_sha256`),
 * the payer and the authorization nonce, then the settlement's transaction once the funds moved. A
 * claim whose payment was refused before any funds moved is released (deleted), so the id can be used
 * again; once `settlement_tx` is set the row is kept and never changes (the transaction paid, and the
 * job carries the same hash in `acp_jobs.payment_tx_hash`).
 *
 * `acp_address_group(text)`: the address a free-tier cap counts a caller under, computed in SQL from
 * `acp_jobs.source_ip` (which stays the exact address the abuse review parses): an IPv4 address (or an
 * IPv4-mapped IPv6 one) as itself, an IPv6 address as its /64, anything unparsable as itself.
 */
export class Migration20261129051000X402PaymentIdentifiers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "x402_payment_identifiers" (
      "payment_id" text primary key check (length("payment_id") between 16 and 128 and "payment_id" ~ '^[A-Za-z0-9_-]+$'),
      "request_sha256" text not null check ("request_sha256" ~ '^[0-9a-f]{64}$'),
      "payer" text not null,
      "authorization_nonce" text not null,
      "settlement_tx" text null check ("settlement_tx" ~ '^0x[0-9a-f]{64}$'),
      "claimed_at" timestamptz not null default now(),
      "settled_at" timestamptz null
    );`);
    this.addSql(`revoke update, delete, truncate on "x402_payment_identifiers" from ${APP_ROLE};`);
    this.addSql(`grant update ("settlement_tx", "settled_at") on "x402_payment_identifiers" to ${APP_ROLE};`);
    this.addSql(`grant delete on "x402_payment_identifiers" to ${APP_ROLE};`);
    this.addSql(`create or replace function x402_payment_identifier_kept() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          if old.settlement_tx is not null then
            raise exception 'x402 payment identifier % paid in %: its row is kept', old.payment_id, old.settlement_tx using errcode = 'insufficient_privilege';
          end if;
          return old;
        end if;
        if old.settlement_tx is not null or new.payment_id <> old.payment_id or new.request_sha256 <> old.request_sha256 or new.payer <> old.payer
           or new.authorization_nonce <> old.authorization_nonce or new.claimed_at <> old.claimed_at then
          raise exception 'x402 payment identifier %: only an unsettled claim gets its settlement, once', old.payment_id using errcode = 'insufficient_privilege';
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger x402_payment_identifiers_kept before update or delete on "x402_payment_identifiers" for each row execute function x402_payment_identifier_kept();`);
    this.addSql(`create trigger x402_payment_identifiers_no_truncate before truncate on "x402_payment_identifiers" for each statement execute function refuse_change();`);

    this.addSql(`create or replace function acp_address_group(address text) returns text language plpgsql immutable as $$
      declare ip inet;
      begin
        if address is null then return null; end if;
        begin
          ip := address::inet;
        exception when others then
          return address;
        end;
        if family(ip) = 6 and ip << '::ffff:0.0.0.0/96'::inet then
          ip := '0.0.0.0'::inet + (ip - '::ffff:0.0.0.0'::inet);
        end if;
        if family(ip) = 4 then return host(ip); end if;
        return network(set_masklen(ip, 64))::text;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function acp_address_group(text);`);
    this.addSql(`drop table "x402_payment_identifiers";`);
    this.addSql(`drop function x402_payment_identifier_kept();`);
  }
}
