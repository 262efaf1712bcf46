/**
 * Syncs the repository's knowledge base into PostgreSQL: new and changed passages are written, removed
 * ones deleted, unchanged ones left alone (compared by content hash), all in one transaction, so the
 * table always equals one version of `knowledge/`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { KnowledgePassage } from './knowledge-files';

export interface SyncResult {
  written: number;
  removed: number;
  unchanged: number;
}

export async function syncKnowledgeBase(em: EntityManager, passages: KnowledgePassage[]): Promise<SyncResult> {
  return em.transactional(async (tx) => {
    const stored = new Map((await sql<{ id: string; content_sha256: string }[]>(tx, 'select id, content_sha256 from knowledge_passages')).map((r) => [r.id, r.content_sha256]));
    const changed = passages.filter((p) => stored.get(p.id) !== p.contentSha256);
    for (const p of changed) {
      await sql(
        tx,
        `insert into knowledge_passages (id, domain, title, url, source_title, checked_on, keywords, keywords_text, body, content_sha256)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (id) do update set domain = excluded.domain, title = excluded.title, url = excluded.url, source_title = excluded.source_title,
           checked_on = excluded.checked_on, keywords = excluded.keywords, keywords_text = excluded.keywords_text, body = excluded.body, content_sha256 = excluded.content_sha256, loaded_at = clock_timestamp()`,
        [p.id, p.domain, p.title, p.url, p.sourceTitle, p.checkedOn, p.keywords, p.keywords.join(' '), p.body, p.contentSha256],
      );
    }
    const keep = new Set(passages.map((p) => p.id));
    const gone = [...stored.keys()].filter((id) => !keep.has(id));
    if (gone.length) await sql(tx, `delete from knowledge_passages where id = any(?)`, [gone]);
    return { written: changed.length, removed: gone.length, unchanged: passages.length - changed.length };
  });
}
