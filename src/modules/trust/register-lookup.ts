/**
 * Gathering what the loaded registers say about one ABN, for scoring: its registration (the bulk
 * extract, or the ABN Lookup web service for an ABN missing from it), its ASIC company record, the
 * banned and disqualified registers (the entity, its company and any director named in the request),
 * AUSTRAC's enforcement actions and reporting entities, ASIC's published notices, and a sanctions and
 * PEP screen of its name. A register never loaded, or a service that could not be reached, is reported
 * without a refresh time, so the score lists it in `incomplete_sources` and can never read GREEN.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { isCurrentAdministration } from '../../sources/asic/notices';
import type { AbnLookupRecord } from '../../sources/abn-lookup/map';
import { REGISTER_CATALOGUE, REGISTER_SOURCES } from '../registers/register-catalogue';
import { lastRefreshedPerSource } from '../registers/register-loads';
import { findCompanies, findEntries, type EntryHit } from '../registers/register-queries';
import { FullScanRequestSchema } from '../screening/scan-request.schema';
import type { ScanService } from '../screening/scan.service';
import type { RegisterFindings, SourceFreshness } from './register-findings';

/** Every source the methodology uses, with the age after which it is stale (docs/methodology/v1.1.md). */
export const TRUST_SOURCES: { source: string; cadenceHours: number }[] = [
  ...REGISTER_SOURCES.filter((s) => REGISTER_CATALOGUE[s].trust).map((source) => ({ source, cadenceHours: REGISTER_CATALOGUE[source].cadenceHours })),
  { source: 'sanctions', cadenceHours: 36 },
];

/** A published notice of administration counts as current for a year after it was published. */
const NOTICE_CURRENT_DAYS = 365;
const DAY_MS = 86_400_000;

/** The ABN Lookup web service's answer for an ABN missing from the extract (see abn-lookup.service.ts). */
export type AbnLookupOutcome =
  | { status: 'found'; record: AbnLookupRecord; fetchedAt: string }
  | { status: 'not_found'; fetchedAt: string }
  | { status: 'unavailable'; reason: string };

export interface TrustInput {
  abn: string;
  nameHint: string | null;
  /** Directors' names from the request (an extension): checked against the banned persons register. */
  directorNames: string[];
  tranche2Profession: boolean;
}

interface AbrRow {
  abn: string;
  status: 'ACT' | 'CAN';
  status_from: Date | null;
  name: string;
  gst_status: string | null;
  asic_number: string | null;
  individual: boolean;
}

const isoDay = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);

export interface GatheredFindings {
  findings: RegisterFindings;
  entityNameUsed: string | null;
  lastRefreshed: Record<string, string>;
}

/** The registration part, from the extract's row or the web service's answer. */
function registrationOf(abr: AbrRow | undefined, lookup: AbnLookupOutcome | undefined, now: Date): RegisterFindings['registration'] {
  const years = (from: string | null) => (from ? Math.floor((now.getTime() - new Date(from).getTime()) / (365.25 * DAY_MS)) : null);
  if (abr) {
    const from = isoDay(abr.status_from);
    return {
      found: true,
      foundIn: 'abr',
      abnStatus: abr.status === 'ACT' ? 'active' : 'cancelled',
      abnStatusFrom: from,
      gstRegistered: abr.gst_status === null ? null : abr.gst_status === 'ACT',
      yearsRegistered: abr.status === 'ACT' ? years(from) : null,
      asicStatus: null,
    };
  }
  if (lookup?.status === 'found') {
    const r = lookup.record;
    return {
      found: true,
      foundIn: 'abn_lookup',
      abnStatus: r.status,
      abnStatusFrom: r.statusFrom,
      gstRegistered: r.gstFrom ? true : null,
      yearsRegistered: r.status === 'active' ? years(r.statusFrom) : null,
      asicStatus: null,
    };
  }
  return { found: false, foundIn: null, abnStatus: null, abnStatusFrom: null, gstRegistered: null, yearsRegistered: null, asicStatus: null };
}

function disqualifications(hits: EntryHit[], today: string): RegisterFindings['directorship']['disqualified'] {
  return hits
    .filter((h) => h.source === 'asic_banned_persons' || h.source === 'asic_banned_orgs')
    .map((h) => ({
      name: h.name,
      register: h.source === 'asic_banned_persons' ? ('banned and disqualified persons' as const) : ('banned and disqualified organisations' as const),
      category: h.category,
      current: h.endDate === null || h.endDate >= today,
      until: h.endDate,
    }));
}

function noticesOf(hits: EntryHit[], asicStatus: string | null, now: Date): RegisterFindings['court']['notices'] {
  const notices = hits
    .filter((h) => h.source === 'asic_notices')
    .map((h) => ({
      kind: h.category,
      date: h.startDate,
      current: isCurrentAdministration(h.category) && h.startDate !== null && now.getTime() - new Date(h.startDate).getTime() <= NOTICE_CURRENT_DAYS * DAY_MS,
    }));
  if (asicStatus === 'EXAD') notices.unshift({ kind: 'external administration (ASIC company status EXAD)', date: null, current: true });
  return notices;
}

/** What the registers and lists say about `abn`; SAN screens the hint, or the registered name without one. */
export async function gatherFindings(
  em: EntityManager,
  scans: ScanService,
  input: TrustInput,
  now: Date,
  lookupMissingAbn?: (abn: string) => Promise<AbnLookupOutcome>,
): Promise<GatheredFindings> {
  const [abr] = await sql<AbrRow[]>(em, 'select abn, status, status_from, name, gst_status, asic_number, individual from abr_entities where abn = ?', [input.abn]);
  const lookup = abr || !lookupMissingAbn ? undefined : await lookupMissingAbn(input.abn);
  const refreshed = await lastRefreshedPerSource(em);
  const listVersions = scans.loadedVersions();
  if (listVersions.length) refreshed.set('sanctions', new Date(Math.max(...listVersions.map((v) => v.createdAt.getTime()))).toISOString());

  const registeredName = abr?.name ?? (lookup?.status === 'found' ? lookup.record.name : null);
  const acn = abr?.asic_number && /^\d{9}$/.test(abr.asic_number) ? abr.asic_number : lookup?.status === 'found' ? lookup.record.acn : null;
  const companies = await findCompanies(em, { acns: acn ? [acn] : [], abns: [input.abn], names: [] });
  const company = companies.find((c) => c.currentName) ?? companies[0];
  const entityNames = [registeredName, company?.name, input.nameHint].filter((n): n is string => Boolean(n));
  const individual = abr?.individual ?? (lookup?.status === 'found' && lookup.record.entityTypeCode === 'IND');
  const personNames = [...input.directorNames, ...(individual && registeredName ? [registeredName] : [])];
  const identifiers = { acns: [acn, company?.acn].filter((a): a is string => Boolean(a)), abns: [input.abn] };
  const hits = [
    ...(await findEntries(em, ['asic_banned_orgs', 'asic_notices', 'austrac_enforcement', 'austrac_reporting_entities'], { ...identifiers, names: entityNames })),
    ...(await findEntries(em, ['asic_banned_persons'], { acns: [], abns: [], names: personNames })),
  ];

  const nameToScreen = input.nameHint ?? registeredName;
  const matches = nameToScreen ? (await scans.evaluate(em, FullScanRequestSchema.parse({ entity_type: 'organisation', name: nameToScreen }))).scan_result.matches : [];
  const sources: SourceFreshness[] = TRUST_SOURCES.map((s) => ({ ...s, lastRefreshed: refreshed.get(s.source) ?? null }));
  if (lookup) sources.push({ source: 'abn_lookup', cadenceHours: 24, lastRefreshed: lookup.status === 'unavailable' ? null : lookup.fetchedAt });
  const registration = { ...registrationOf(abr, lookup, now), asicStatus: company?.status ?? null };
  const today = now.toISOString().slice(0, 10);

  return {
    findings: {
      abn: input.abn,
      tranche2Profession: input.tranche2Profession,
      registration,
      directorship: { disqualified: disqualifications(hits, today) },
      austrac: {
        enforcementActions: hits.filter((h) => h.source === 'austrac_enforcement').map((h) => ({ title: h.detail.title ?? `${h.category} against ${h.name}`, date: h.startDate })),
        reportingEntity: refreshed.has('austrac_reporting_entities') ? hits.some((h) => h.source === 'austrac_reporting_entities' && (h.endDate === null || h.endDate >= today)) : null,
      },
      sanctions: { nameChecked: nameToScreen, matches: matches.map((m) => ({ name: m.matched_name, source: m.source, score: m.score, listKind: m.list_kind })) },
      court: { notices: noticesOf(hits, registration.asicStatus, now) },
      sources,
    },
    entityNameUsed: nameToScreen,
    lastRefreshed: Object.fromEntries(sources.map((s) => [s.source, s.lastRefreshed ?? 'never'])),
  };
}
