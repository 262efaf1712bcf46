/**
 * A release's candidates (`change-candidates.ts`) split into pages that any worker may re-screen at the
 * same time, as a full re-screen's pages are (`rescreen-pages.ts`): a page is a range of enrolment ids,
 * named by the last candidate it holds. Pages hold at most the sweep's page size, and fewer when there
 * are few candidates, so even a small release spreads over `parallelPages` pages at once; but no fewer
 * than `MIN_CANDIDATE_PAGE`, below which a page's fixed costs (its activity, the index check) outweigh
 * the spreading.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export const MIN_CANDIDATE_PAGE = 50;

/** The size of a candidate page for `candidates` candidates. */
export function candidatePageSize(candidates: number, input: { pageSize: number; parallelPages: number }): number {
  return Math.min(input.pageSize, Math.max(MIN_CANDIDATE_PAGE, Math.ceil(candidates / input.parallelPages)));
}

/**
 * The last enrolment id of each page of the sweep's stored candidates, in id order: page i holds the
 * candidates after page i-1's last id up to its own. None when the release reached no one.
 */
export async function planCandidatePages(em: EntityManager, input: { sweepKey: string; pageSize: number; parallelPages: number }): Promise<{ pageLasts: string[] }> {
  const [{ n }] = (await sql<{ n: number }[]>(em, 'select count(*)::int as n from change_rescreen_candidates where sweep_key = ?', [input.sweepKey])) as [{ n: number }];
  if (n === 0) return { pageLasts: [] };
  const size = candidatePageSize(n, input);
  const rows = await sql<{ enrolment_id: string }[]>(
    em,
    `select enrolment_id from (select enrolment_id, row_number() over (order by enrolment_id) as rn from change_rescreen_candidates where sweep_key = ?) t
      where rn % ? = 0 or rn = ? order by enrolment_id`,
    [input.sweepKey, size, n],
  );
  return { pageLasts: rows.map((row) => row.enrolment_id) };
}
