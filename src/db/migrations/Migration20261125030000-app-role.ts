import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../app-role';

/**
 * Least privilege for the running service. The application role can read and write what the service
 * writes, but it owns nothing: it cannot alter a table, disable a trigger or change a grant, and on the
 * permanent records (scans and the case audit log) it may only insert and read. Whoever holds the
 * application's credentials therefore cannot rewrite history; only the owner role, used for migrations
 * and kept out of the running service, could, and the audit anchors make that visible too. Tables
 * created by later migrations get the same read/write grants through default privileges.
 * Set DATABASE_APP_PASSWORD when the server asks for passwords (production, docker-compose).
 */
export class Migration20261125030000AppRole extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$ begin
      if not exists (select from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} login; end if;
    end $$;`);
    const password = process.env.DATABASE_APP_PASSWORD;
    if (password) this.addSql(`alter role ${APP_ROLE} password ${quoteLiteral(password)};`);
    this.addSql(`do $$ begin execute format('grant connect on database %I to ${APP_ROLE}', current_database()); end $$;`);
    this.addSql(`grant usage on schema public to ${APP_ROLE};`);
    this.addSql(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};`);
    this.addSql(`grant usage, select on all sequences in schema public to ${APP_ROLE};`);
    this.addSql(`revoke update, delete, truncate on "scans", "case_audit_events" from ${APP_ROLE};`);
    this.addSql(`revoke all on "mikro_orm_migrations" from ${APP_ROLE};`);
    this.addSql(`alter default privileges in schema public grant select, insert, update, delete on tables to ${APP_ROLE};`);
    this.addSql(`alter default privileges in schema public grant usage, select on sequences to ${APP_ROLE};`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter default privileges in schema public revoke all on tables from ${APP_ROLE};`);
    this.addSql(`alter default privileges in schema public revoke all on sequences from ${APP_ROLE};`);
    this.addSql(`revoke all on all tables in schema public from ${APP_ROLE};`);
    this.addSql(`revoke all on all sequences in schema public from ${APP_ROLE};`);
    this.addSql(`revoke usage on schema public from ${APP_ROLE};`);
  }
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
