/**
 * The ASIC breach feed (`POST /v1/feeds/asic/check`, the manifest's `asic_breach`): for a name, ACN or
 * ABN, what ASIC's registers hold: the company and its status, banned and disqualified persons and
 * organisations, and published notices of external administration or winding up. Read from the loaded
 * register versions, each named with its version; a register never loaded is listed in
 * `incomplete_sources`, so an empty answer is never mistaken for a clean one.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { isCurrentAdministration } from '../../sources/asic/notices';
import { describeCompanyStatus } from '../../sources/asic/company-status';
import { sourceVersions } from '../registers/register-load.store';
import { findCompanies, findEntries, type EntryHit } from '../registers/register-search.store';

export const ASIC_FEED_SOURCES = ['asic_companies', 'asic_banned_persons', 'asic_banned_orgs', 'asic_notices'];

export interface FeedQuery {
  name: string | null;
  acn: string | null;
  abn: string | null;
}

const listing = (h: EntryHit, today: string) => ({
  register: h.source === 'asic_banned_persons' ? 'banned and disqualified persons' : 'banned and disqualified organisations',
  name: h.name,
  acn: h.acn,
  category: h.category,
  start_date: h.startDate,
  end_date: h.endDate,
  current: h.endDate === null || h.endDate >= today,
  matched_by: h.matchedBy,
  url: h.url,
  version: h.version,
});

/** Everything ASIC's loaded registers say about the query. */
export async function checkAsic(em: EntityManager, query: FeedQuery, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const acns = query.acn ? [query.acn] : [];
  if (query.abn) {
    const [abr] = await sql<{ asic_number: string | null }[]>(em, 'select asic_number from abr_entities where abn = ?', [query.abn]);
    if (abr?.asic_number && /^\d{9}$/.test(abr.asic_number)) acns.push(abr.asic_number);
  }
  const companies = await findCompanies(em, { acns, abns: query.abn ? [query.abn] : [], names: query.name ? [query.name] : [] });
  const companyAcns = [...new Set(companies.map((c) => c.acn))];
  const companyNames = companies.filter((c) => c.currentName).map((c) => c.name);
  const names = [query.name, ...companyNames].filter((n): n is string => Boolean(n));
  const keys = { acns: [...acns, ...companyAcns], abns: query.abn ? [query.abn] : [], names };
  const hits = [...(await findEntries(em, ['asic_banned_orgs', 'asic_notices'], keys)), ...(query.name ? await findEntries(em, ['asic_banned_persons'], { acns: [], abns: [], names: [query.name] }) : [])];
  const versions = await sourceVersions(em, ASIC_FEED_SOURCES);

  const banned = hits.filter((h) => h.source !== 'asic_notices').map((h) => listing(h, today));
  const notices = hits
    .filter((h) => h.source === 'asic_notices')
    .map((h) => ({ company_name: h.name, acn: h.acn, notice_type: h.category, published: h.startDate, indicates_administration: isCurrentAdministration(h.category), matched_by: h.matchedBy, url: h.url, version: h.version }));
  const byAcn = new Map<string, typeof companies>();
  for (const c of companies) byAcn.set(c.acn, [...(byAcn.get(c.acn) ?? []), c]);
  const companyAnswers = [...byAcn.values()].map((rows) => {
    const current = rows.find((r) => r.currentName) ?? rows[0]!;
    return {
      acn: current.acn,
      name: current.name,
      former_names: rows.filter((r) => r !== current).map((r) => r.name),
      status: current.status,
      status_meaning: describeCompanyStatus(current.status),
      type: current.type,
      class: current.class,
      sub_class: current.subClass,
      registered_on: current.registeredOn,
      deregistered_on: current.deregisteredOn,
      abn: current.abn,
    };
  });
  const concerns = [
    ...banned.filter((b) => b.current).map((b) => `${b.name} is on ASIC's ${b.register} register (${b.category}).`),
    ...companyAnswers.filter((c) => ['EXAD', 'SOFF', 'DRGD'].includes(c.status)).map((c) => `${c.name} (ACN ${c.acn}): ${c.status_meaning}.`),
    ...notices.filter((n) => n.indicates_administration).map((n) => `${n.company_name}: ${n.notice_type}${n.published ? ` (published ${n.published})` : ''}.`),
  ];
  return {
    query,
    breach_found: concerns.length > 0,
    concerns,
    companies: companyAnswers,
    banned_and_disqualified: banned,
    published_notices: notices,
    sources: versions,
    incomplete_sources: ASIC_FEED_SOURCES.filter((s) => versions[s]!.version === null),
    retrieved_at: now.toISOString(),
  };
}
