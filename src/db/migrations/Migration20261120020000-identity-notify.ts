import { Migration } from '@mikro-orm/migrations';

/**
 * Any change to a client registration or an account (CLI, another API process, or an operator in psql)
 * is announced on the `identity_changed` channel, so API processes can cache callers and still refuse a
 * revoked client on its very next request.
 */
export class Migration20261120020000IdentityNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function notify_identity_changed() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'accounts' then
          perform pg_notify('identity_changed', 'account:' || coalesce(new.id, old.id)::text);
        else
          perform pg_notify('identity_changed', 'client:' || coalesce(new.client_id, old.client_id)::text);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger client_registrations_notify after update or delete on "client_registrations"
      for each row execute function notify_identity_changed();`);
    this.addSql(`create trigger accounts_notify after update or delete on "accounts"
      for each row execute function notify_identity_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists accounts_notify on "accounts";`);
    this.addSql(`drop trigger if exists client_registrations_notify on "client_registrations";`);
    this.addSql(`drop function if exists notify_identity_changed();`);
  }
}
