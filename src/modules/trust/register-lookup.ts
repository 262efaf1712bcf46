/**
 * Gathering what the loaded registers say about one ABN, for scoring. Registers that are not built yet
 * (ASIC companies and banned persons, AUSTRAC enforcement, published notices) are reported as never
 * refreshed, so the score lists them in `incomplete_sources` and can never read GREEN: absent data
 * never passes as clean.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { lastRefreshedPerSource } from '../registers/register-loads';
import { FullScanRequestSchema } from '../screening/scan-request.schema';
import type { ScanService } from '../screening/scan.service';
import type { RegisterFindings, SourceFreshness } from './register-findings';

/** Every source the methodology uses, with its expected refresh cadence (docs/methodology/v1.1.md). */
export const TRUST_SOURCES: { source: string; cadenceHours: number }[] = [
  { source: 'abr', cadenceHours: 168 },
  { source: 'asic_companies', cadenceHours: 168 },
  { source: 'asic_banned', cadenceHours: 36 },
  { source: 'asic_notices', cadenceHours: 36 },
  { source: 'austrac_enforcement', cadenceHours: 36 },
  { source: 'sanctions', cadenceHours: 36 },
];

interface AbrRow {
  abn: string;
  status: 'ACT' | 'CAN';
  status_from: Date | null;
  name: string;
  gst_status: string | null;
}

const isoDate = (d: Date | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);

export interface GatheredFindings {
  findings: RegisterFindings;
  entityNameUsed: string | null;
  lastRefreshed: Record<string, string>;
}

/** What the registers and lists say about `abn`; SAN screens the hint, or the registered name without one. */
export async function gatherFindings(
  em: EntityManager,
  scans: ScanService,
  input: { abn: string; nameHint: string | null; tranche2Profession: boolean },
  now: Date,
): Promise<GatheredFindings> {
  const [abr] = await sql<AbrRow[]>(em, 'select abn, status, status_from, name, gst_status from abr_entities where abn = ?', [input.abn]);
  const refreshed = await lastRefreshedPerSource(em);
  const listVersions = scans.loadedVersions();
  if (listVersions.length) refreshed.set('sanctions', new Date(Math.max(...listVersions.map((v) => v.createdAt.getTime()))).toISOString());

  const nameToScreen = input.nameHint ?? abr?.name ?? null;
  const matches = nameToScreen ? (await scans.evaluate(em, FullScanRequestSchema.parse({ entity_type: 'organisation', name: nameToScreen }))).scan_result.matches : [];
  const sources: SourceFreshness[] = TRUST_SOURCES.map((s) => ({ ...s, lastRefreshed: refreshed.get(s.source) ?? null }));
  const since = abr?.status === 'ACT' && abr.status_from ? (now.getTime() - new Date(abr.status_from).getTime()) / (365.25 * 86_400_000) : null;

  return {
    findings: {
      abn: input.abn,
      tranche2Profession: input.tranche2Profession,
      registration: abr
        ? {
            found: true,
            abnStatus: abr.status === 'ACT' ? 'active' : 'cancelled',
            abnStatusFrom: isoDate(abr.status_from),
            gstRegistered: abr.gst_status === null ? null : abr.gst_status === 'ACT',
            yearsRegistered: since === null ? null : Math.floor(since),
            asicStatus: null,
          }
        : { found: false, abnStatus: null, abnStatusFrom: null, gstRegistered: null, yearsRegistered: null, asicStatus: null },
      directorship: { disqualified: [] },
      austrac: { enforcementActions: [], reportingEntity: null },
      sanctions: { nameChecked: nameToScreen, matches: matches.map((m) => ({ name: m.matched_name, source: m.source, score: m.score, listKind: m.list_kind })) },
      court: { notices: [] },
      sources,
    },
    entityNameUsed: nameToScreen,
    lastRefreshed: Object.fromEntries(sources.map((s) => [s.source, s.lastRefreshed ?? 'never'])),
  };
}
