import { Migration } from '@mikro-orm/migrations';

/**
 * Audit events record the authenticated client that caused them (besides the free-text reviewer) and
 * an anchor, an HMAC under a key held outside the database; the case row anchors its head the same way
 * (src/modules/cases/audit-anchor.ts). Events written before this have no anchor and do not verify.
 */
export class Migration20261125040000AuditAnchors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "case_audit_events" add column "client_id" uuid null, add column "anchor" text null;`);
    this.addSql(`alter table "cases" add column "head_anchor" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "cases" drop column "head_anchor";`);
    this.addSql(`alter table "case_audit_events" drop column "anchor", drop column "client_id";`);
  }
}
