import { Migration } from '@mikro-orm/migrations';

/** The platform's own tables: the record of data-pipeline runs that `/health` reports. */
export class Migration20261120000000Platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "pipeline_runs" (
      "id" uuid primary key,
      "source" text not null,
      "workflow_id" text null,
      "status" text not null check ("status" in ('running', 'succeeded', 'unchanged', 'failed')),
      "started_at" timestamptz not null,
      "finished_at" timestamptz null,
      "detail" jsonb null
    );`);
    this.addSql(`create index "pipeline_runs_started_at_idx" on "pipeline_runs" ("started_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "pipeline_runs";`);
  }
}
