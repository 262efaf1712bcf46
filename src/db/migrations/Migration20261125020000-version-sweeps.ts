import { Migration } from '@mikro-orm/migrations';

/**
 * Which monitoring sweep each list version started. A refresh records it right after starting the
 * sweep; a version stored by a pipeline run that never got that far (the run failed or was stopped in
 * between) is found by the recovery schedule and swept then. Versions from before this column are
 * marked as swept: their sweeps ran, or newer versions have been swept since.
 */
export class Migration20261125020000VersionSweeps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "list_versions" add column "sweep_workflow_id" text null;`);
    this.addSql(`update "list_versions" set "sweep_workflow_id" = 'before-sweep-tracking';`);
    this.addSql(`create index "list_versions_unswept_idx" on "list_versions" ("created_at") where "sweep_workflow_id" is null and "pipeline_run_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "list_versions_unswept_idx";`);
    this.addSql(`alter table "list_versions" drop column "sweep_workflow_id";`);
  }
}
