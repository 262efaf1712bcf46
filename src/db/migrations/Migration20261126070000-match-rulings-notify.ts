import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to `match_rulings` is announced on `match_rulings_changed` with the account id, so each
 * process can remember which customers have rulings and skip the rulings query for the others
 * (src/modules/screening/ruled-customers.ts).
 */
export class Migration20261126070000MatchRulingsNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function notify_match_rulings_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('match_rulings_changed', coalesce(new.account_id, old.account_id)::text);
        return null;
      end $$;`);
    this.addSql(`create trigger match_rulings_notify after insert or update or delete on "match_rulings" for each row execute function notify_match_rulings_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists match_rulings_notify on "match_rulings";`);
    this.addSql(`drop function if exists notify_match_rulings_changed();`);
  }
}
