import { Migration } from '@mikro-orm/migrations';

/**
 * The compliance Q&A's knowledge base: passages we wrote, each citing the official page it was checked
 * against. Kept as reviewable YAML in `knowledge/` and synced into this table by every migrate (so
 * `npm start` and the tests always answer from what the repository holds). Retrieval is PostgreSQL's:
 * a weighted tsvector (title and keywords above text) for ranked full-text search, and trigram indexes
 * for the fallback when a question shares no lexeme with any passage (misspellings, odd word forms).
 */
export class Migration20261125120000KnowledgeBase extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "knowledge_passages" (
      "id" text primary key,
      "domain" text not null,
      "title" text not null,
      "url" text not null,
      "source_title" text not null,
      "checked_on" date not null,
      "keywords" text[] not null default '{}',
      "keywords_text" text not null default '',
      "body" text not null,
      "content_sha256" text not null,
      "search" tsvector generated always as (
        setweight(to_tsvector('english', "title"), 'A') ||
        setweight(to_tsvector('english', "keywords_text"), 'A') ||
        setweight(to_tsvector('english', "source_title"), 'B') ||
        setweight(to_tsvector('english', "body"), 'C')
      ) stored,
      "loaded_at" timestamptz(3) not null default clock_timestamp()
    );`);
    this.addSql(`create index "knowledge_passages_search_idx" on "knowledge_passages" using gin ("search");`);
    this.addSql(`create index "knowledge_passages_title_trgm_idx" on "knowledge_passages" using gin ("title" gin_trgm_ops);`);
    this.addSql(`create index "knowledge_passages_body_trgm_idx" on "knowledge_passages" using gin ("body" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "knowledge_passages";`);
  }
}
