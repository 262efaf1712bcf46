/**
 * Gathering what the loaded registers say about one ABN, for scoring: its registration (the bulk
 * extract, or the ABN Lookup web service for an ABN missing from it), its ASIC company record, the
 * banned and disqualified registers (the company by ACN, a sole trader and any director named in the
 * request by name plus a corroborating fact), AUSTRAC's enforcement actions (by the legal entity),
 * ASIC's published notices (every version ever loaded), and a sanctions and PEP screen of the registered
 * name and the hint. A register never loaded, a service that could not be reached and a source the
 * service has no feed for are reported as such, so the score lists them in `incomplete_sources` and
 * can never read GREEN; none of them is ever read as "the register does not know it".
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { AbnLookupRecord } from '../../sources/abn-lookup/map';
import { REGISTER_CATALOGUE, REGISTER_SOURCES } from '../registers/register-catalogue';
import { lastRefreshedPerSource } from '../registers/register-load.store';
import { findCompanies, findEntries, findEntriesEverLoaded } from '../registers/register-search.store';
import { FullScanRequestSchema } from '../screening/scan-request.schema';
import type { ScanService } from '../screening/scan.service';
import { austracOf } from './austrac-findings';
import { noticeByName, noticesOf } from './court-findings';
import { directorshipOf } from './directorship-findings';
import type { PersonToCheck } from './person-evidence';
import type { RegisterFindings, SourceFreshness, UncheckedSource } from './register-findings';

/** Every source the methodology uses, with the age after which it is stale (docs/methodology/v1.2.md). */
export const TRUST_SOURCES: { source: string; cadenceHours: number }[] = [
  ...REGISTER_SOURCES.filter((s) => REGISTER_CATALOGUE[s].trust).map((source) => ({ source, cadenceHours: REGISTER_CATALOGUE[source].cadenceHours })),
  { source: 'sanctions', cadenceHours: 36 },
];

/** Sources no public feed offers, so no score consults them (the spec's fail-closed rule names them). */
export const UNREACHABLE_SOURCES: UncheckedSource[] = [
  {
    source: 'personal_insolvency',
    why: "bankruptcies and personal insolvency agreements (AFSA's National Personal Insolvency Index) are searchable only person by person, for a fee, and no feed is configured.",
  },
  {
    source: 'court_records',
    why: 'court judgments and proceedings are not published as a feed the service can load; only ASIC published notices and the company status were read.',
  },
];

const DAY_MS = 86_400_000;

/** The ABN Lookup web service's answer for an ABN missing from the extract (see abn-lookup.service.ts). */
export type AbnLookupOutcome =
  | { status: 'found'; record: AbnLookupRecord; fetchedAt: string }
  | { status: 'not_found'; fetchedAt: string }
  | { status: 'unavailable'; reason: string };

/** A director named in the request, with the facts that can confirm a register record is theirs. */
export interface DirectorInput {
  name: string;
  locality: string | null;
  state: string | null;
  postcode: string | null;
  documentNumber: string | null;
}

export interface TrustInput {
  abn: string;
  nameHint: string | null;
  /** Directors from the request (an extension): checked against the banned persons register. */
  directors: DirectorInput[];
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
  state: string | null;
  postcode: string | null;
}

const isoDay = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);
const screenable = (name: string | null): name is string => !!name && /[\p{L}\p{N}]/u.test(name);

export interface GatheredFindings {
  findings: RegisterFindings;
  entityNameUsed: string | null;
  lastRefreshed: Record<string, string>;
}

/** The registration part, from the extract's row or the web service's answer. */
function registrationOf(abr: AbrRow | undefined, lookup: AbnLookupOutcome | undefined, now: Date): RegisterFindings['registration'] {
  const years = (from: string | null) => (from ? Math.floor((now.getTime() - new Date(from).getTime()) / (365.25 * DAY_MS)) : null);
  const none = { foundIn: null, abnStatus: null, abnStatusFrom: null, gstRegistered: null, yearsRegistered: null, asicStatus: null };
  if (abr) {
    const from = isoDay(abr.status_from);
    return {
      outcome: 'found',
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
      outcome: 'found',
      foundIn: 'abn_lookup',
      abnStatus: r.status,
      abnStatusFrom: r.statusFrom,
      gstRegistered: r.gstFrom ? true : null,
      yearsRegistered: r.status === 'active' ? years(r.statusFrom) : null,
      asicStatus: null,
    };
  }
  // Only the ABR's own answer that it has no such ABN is "not found"; anything else is "could not check".
  return { outcome: lookup?.status === 'not_found' ? 'not_found' : 'unchecked', ...none };
}

/** Why the registration could not be checked, for `incomplete_sources`; null when it was. */
function registrationUnchecked(abr: AbrRow | undefined, lookup: AbnLookupOutcome | undefined): UncheckedSource | null {
  if (abr || lookup?.status === 'found' || lookup?.status === 'not_found') return null;
  if (lookup?.status === 'unavailable') return { source: 'abn_lookup', why: `the ABN is not in the loaded bulk extract and the ABN Lookup web service could not be reached (${lookup.reason})` };
  return { source: 'abn_lookup', why: 'the ABN is not in the loaded bulk extract and no ABN Lookup web service is configured (ABN_LOOKUP_GUID), so its registration was not checked.' };
}

/** What the registers and lists say about `abn`; SAN screens the registered name and the hint. */
export async function gatherFindings(
  em: EntityManager,
  scans: ScanService,
  input: TrustInput,
  now: Date,
  lookupMissingAbn?: (abn: string) => Promise<AbnLookupOutcome>,
): Promise<GatheredFindings> {
  const [abr] = await sql<AbrRow[]>(em, 'select abn, status, status_from, name, gst_status, asic_number, individual, state, postcode from abr_entities where abn = ?', [input.abn]);
  const lookup = abr || !lookupMissingAbn ? undefined : await lookupMissingAbn(input.abn);
  const refreshed = await lastRefreshedPerSource(em);
  const listVersions = scans.loadedVersions();
  if (listVersions.length) refreshed.set('sanctions', new Date(Math.max(...listVersions.map((v) => v.createdAt.getTime()))).toISOString());
  const today = now.toISOString().slice(0, 10);

  const found = lookup?.status === 'found' ? lookup.record : null;
  const registeredName = abr?.name ?? found?.name ?? null;
  const acn = abr?.asic_number && /^\d{9}$/.test(abr.asic_number) ? abr.asic_number : (found?.acn ?? null);
  const companies = await findCompanies(em, { acns: acn ? [acn] : [], abns: [input.abn], names: [] });
  const company = companies.find((c) => c.currentName) ?? companies[0];
  const hint = screenable(input.nameHint) ? input.nameHint : null;
  const entityNames = [...new Set([registeredName, company?.name, hint].filter((n): n is string => Boolean(n)))];
  const acns = [...new Set([acn, company?.acn].filter((a): a is string => Boolean(a)))];
  const individual = abr?.individual ?? found?.entityTypeCode === 'IND';

  const persons: PersonToCheck[] = input.directors.map((d) => ({ ...d, addressFrom: d.postcode ? `the address given for ${d.name}` : null }));
  if (individual && registeredName) {
    const state = abr?.state ?? found?.state ?? null;
    const postcode = abr?.postcode ?? found?.postcode ?? null;
    persons.push({ name: registeredName, locality: null, state, postcode, addressFrom: postcode ? 'the ABR business address' : null, documentNumber: null });
  }
  const [orgHits, personHits, noticeHits] = await Promise.all([
    findEntries(em, ['asic_banned_orgs'], { acns, abns: [], names: entityNames }),
    findEntries(em, ['asic_banned_persons'], { acns: [], abns: [], names: persons.map((p) => p.name) }),
    findEntriesEverLoaded(em, 'asic_notices', { acns, abns: [input.abn], names: entityNames }),
  ]);
  const legalNames = [...new Set([registeredName, ...companies.map((c) => c.name)].filter((n): n is string => Boolean(n)))];
  const austrac = await austracOf(em, { abn: input.abn, acns, legalNames }, entityNames);

  const namesToScreen = [...new Set([registeredName, hint].filter((n): n is string => screenable(n)))];
  const matches: RegisterFindings['sanctions']['matches'] = [];
  for (const name of namesToScreen) {
    const result = await scans.evaluate(em, FullScanRequestSchema.parse({ entity_type: individual && name === registeredName ? 'person' : 'organisation', name }));
    matches.push(...result.scan_result.matches.map((m) => ({ nameChecked: name, name: m.matched_name, source: m.source, score: m.score, listKind: m.list_kind })));
  }

  const sources: SourceFreshness[] = TRUST_SOURCES.map((s) => ({ ...s, lastRefreshed: refreshed.get(s.source) ?? null }));
  if (lookup && lookup.status !== 'unavailable') sources.push({ source: 'abn_lookup', cadenceHours: 24, lastRefreshed: lookup.fetchedAt });
  const unregistered = registrationUnchecked(abr, lookup);
  const registration = { ...registrationOf(abr, lookup, now), asicStatus: company?.status ?? null };
  const linkedNotices = noticeHits.filter((h) => h.matchedBy !== 'name');

  return {
    findings: {
      abn: input.abn,
      tranche2Profession: input.tranche2Profession,
      registration,
      directorship: directorshipOf({ orgHits, personHits, acns, entityNames, persons, today }),
      austrac,
      sanctions: { namesChecked: namesToScreen, unscreenableHint: input.nameHint !== null && !hint, matches },
      court: { notices: noticesOf(linkedNotices, registration.asicStatus, now), possibleMatches: noticeHits.filter((h) => h.matchedBy === 'name').map((h) => noticeByName(h, entityNames)) },
      sources,
      unchecked: [...(unregistered ? [unregistered] : []), ...UNREACHABLE_SOURCES],
    },
    entityNameUsed: hint ?? registeredName,
    lastRefreshed: { ...Object.fromEntries(sources.map((s) => [s.source, s.lastRefreshed ?? 'never'])), ...(lookup?.status === 'unavailable' ? { abn_lookup: 'never' } : {}) },
  };
}
