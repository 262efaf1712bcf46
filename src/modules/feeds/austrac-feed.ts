/**
 * The AUSTRAC enforcement feed (`POST /v1/feeds/austrac-enforcement/check`, the manifest's
 * `austrac_enforcement`): AUSTRAC's published enforcement actions naming an entity (by name or ABN),
 * and whether it appears among AUSTRAC's registered reporting entities. Each answer names the register
 * versions it was read from and lists a register never loaded in `incomplete_sources`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { sourceVersions } from '../registers/register-load.store';
import { findEntries } from '../registers/register-search.store';

export const AUSTRAC_FEED_SOURCES = ['austrac_enforcement', 'austrac_reporting_entities'];

/** Enforcement actions and reporting-entity listings for the name and ABN (and the ABN's registered name). */
export async function checkAustrac(em: EntityManager, query: { name: string | null; abn: string | null }, now = new Date()) {
  const names = query.name ? [query.name] : [];
  if (query.abn) {
    const [abr] = await sql<{ name: string }[]>(em, 'select name from abr_entities where abn = ?', [query.abn]);
    if (abr) names.push(abr.name);
  }
  const hits = await findEntries(em, AUSTRAC_FEED_SOURCES, { acns: [], abns: query.abn ? [query.abn] : [], names });
  const versions = await sourceVersions(em, AUSTRAC_FEED_SOURCES);
  const today = now.toISOString().slice(0, 10);
  const actions = hits
    .filter((h) => h.source === 'austrac_enforcement')
    .map((h) => ({ entity_name: h.name, action: h.category, title: h.detail.title ?? null, date: h.startDate, abn: h.abn, matched_by: h.matchedBy, url: h.url, version: h.version }));
  const listings = hits
    .filter((h) => h.source === 'austrac_reporting_entities')
    .map((h) => ({ entity_name: h.name, abn: h.abn, category: h.category, registered_on: h.startDate, ended_on: h.endDate, current: h.endDate === null || h.endDate >= today, matched_by: h.matchedBy, url: h.url }));
  return {
    query,
    enforcement_found: actions.length > 0,
    enforcement_actions: actions,
    reporting_entity: versions.austrac_reporting_entities!.version === null ? null : listings.some((l) => l.current),
    reporting_entity_listings: listings,
    names_checked: [...new Set(names)],
    sources: versions,
    incomplete_sources: AUSTRAC_FEED_SOURCES.filter((s) => versions[s]!.version === null),
    retrieved_at: now.toISOString(),
  };
}
