/**
 * Querying the AusTender contract notices loaded into `austender_contracts` (the agent-job service
 * `austender_feed`, job type `austender_query`). Each notice is answered once, as its newest release
 * among those that match the agency and the dates (an amendment carries the amended value), and
 * the value range is then applied to that release. Days are Canberra days (Australia/Sydney), as
 * AusTender publishes them; `from` and `to` are both included.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { z } from '../../schemas/zod';
import { agencyKey } from './austender-release.store';
import { lastRefreshedPerSource } from './register-load.store';

const isCalendarDay = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
};

const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as yyyy-mm-dd')
  .refine(isCalendarDay, 'not a calendar date');

export const AustenderQuerySchema = z
  .object({
    agency: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: 'Part of the procuring agency’s name, any case.', example: 'foreign affairs' }),
    from: DaySchema.optional().openapi({ description: 'First publication day included (Canberra time).', example: '2025-06-01' }),
    to: DaySchema.optional().openapi({ description: 'Last publication day included (Canberra time).', example: '2025-06-30' }),
    min_value: z.number().nonnegative().optional().openapi({ description: 'Smallest contract value in AUD, included.', example: 10000 }),
    max_value: z.number().nonnegative().optional().openapi({ description: 'Largest contract value in AUD, included.', example: 500000 }),
    limit: z.number().int().min(1).max(200).default(50),
    offset: z.number().int().min(0).default(0),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => q.min_value === undefined || q.max_value === undefined || q.min_value <= q.max_value, {
    message: 'min_value must not exceed max_value',
    path: ['max_value'],
  })
  .openapi('AustenderQuery');

export type AustenderQuery = z.output<typeof AustenderQuerySchema>;

export interface AustenderContractRow {
  cn_id: string;
  agency: string | null;
  supplier_name: string | null;
  supplier_abn: string | null;
  title: string | null;
  value_aud: number | null;
  published_at: string | null;
  start_date: string | null;
  end_date: string | null;
  source_url: string;
}

export interface AustenderQueryResult {
  contracts: AustenderContractRow[];
  /** How many notices match, over all pages. */
  total: number;
  /** When the AusTender register was last loaded (or found unchanged), or null when never. */
  last_refreshed: string | null;
}

/** The notice as the OCDS API answers it; AusTender's own page needs an internal id the API does not give. */
export const austenderSourceUrl = (cnId: string) => `https://api.tenders.gov.au/ocds/findById/${encodeURIComponent(cnId)}`;

export async function queryAustender(
  em: EntityManager,
  q: { agency?: string; from?: string; to?: string; min_value?: number; max_value?: number; limit: number; offset: number },
): Promise<AustenderQueryResult> {
  const where: string[] = [];
  const params: unknown[] = [];
  const agency = q.agency === undefined ? null : agencyKey(q.agency);
  if (agency !== null) {
    where.push('position(? in agency_key) > 0');
    params.push(agency);
  }
  if (q.from !== undefined) {
    where.push(`published_at >= (?::date)::timestamp at time zone 'Australia/Sydney'`);
    params.push(q.from);
  }
  if (q.to !== undefined) {
    where.push(`published_at < ((?::date) + 1)::timestamp at time zone 'Australia/Sydney'`);
    params.push(q.to);
  }
  const valueWhere: string[] = [];
  if (q.min_value !== undefined) {
    valueWhere.push('value_aud >= ?');
    params.push(q.min_value);
  }
  if (q.max_value !== undefined) {
    valueWhere.push('value_aud <= ?');
    params.push(q.max_value);
  }
  params.push(q.limit, q.offset);
  const rows = await sql<Record<string, unknown>[]>(
    em,
    `with latest as (
       select distinct on (cn_id) cn_id, agency, supplier_name, supplier_abn, title, value_aud, published_at, start_date, end_date
         from austender_contracts
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by cn_id, published_at desc nulls last, release_id desc),
     matched as (select * from latest ${valueWhere.length ? `where ${valueWhere.join(' and ')}` : ''})
     select t.total, p.cn_id, p.agency, p.supplier_name, p.supplier_abn, p.title, p.value_aud::text as value_aud, p.published_at,
            p.start_date::text as start_date, p.end_date::text as end_date
       from (select count(*)::int as total from matched) t
       left join lateral (select * from matched order by published_at desc nulls last, cn_id desc limit ? offset ?) p on true`,
    params,
  );
  const total = (rows[0]?.total as number | undefined) ?? 0;
  const contracts = rows
    .filter((r) => r.cn_id !== null && r.cn_id !== undefined)
    .map((r) => ({
      cn_id: r.cn_id as string,
      agency: (r.agency as string | null) ?? null,
      supplier_name: (r.supplier_name as string | null) ?? null,
      supplier_abn: (r.supplier_abn as string | null) ?? null,
      title: (r.title as string | null) ?? null,
      value_aud: r.value_aud === null || r.value_aud === undefined ? null : Number(r.value_aud),
      published_at: r.published_at === null || r.published_at === undefined ? null : new Date(r.published_at as Date | string).toISOString(),
      start_date: (r.start_date as string | null) ?? null,
      end_date: (r.end_date as string | null) ?? null,
      source_url: austenderSourceUrl(r.cn_id as string),
    }));
  const lastRefreshed = (await lastRefreshedPerSource(em)).get('austender') ?? null;
  return { contracts, total, last_refreshed: lastRefreshed };
}
