import { Migration } from '@mikro-orm/migrations';

/**
 * `list_versions.published_at`: the date the publisher issued the copy a version was loaded from, when
 * known (the repository's dated snapshot of the lists). A scan names it, and a list is stale by it, so
 * an old copy loaded today is never presented as fresh.
 */
export class Migration20261128490000ListPublishedAt extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "list_versions" add column "published_at" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "list_versions" drop column "published_at";`);
  }
}
