/**
 * The ABN Trust Score, methodology v1.1 (architecture: Trust Score decisions): six sub-scores 0–100,
 * higher is safer, a composite that is their weighted sum, and a band with two overrides that take
 * precedence over the arithmetic. Pure and deterministic: the same findings and methodology version
 * always give the same result, so a score can be reproduced from what the registers said.
 *
 * - REG 20 registration validity, DIR 15 directorship, AUS 20 AUSTRAC, SAN 15 sanctions / PEP,
 *   CRT 15 court and insolvency, FRS 15 freshness and data integrity.
 * - composite = round(Σ weight × sub-score / 100), halves rounded up (Σ is an integer, so this is exact).
 * - band GREEN 70–100, AMBER 40–69, RED 0–39; a terminal zero in any sub-score but FRS caps the band at
 *   AMBER; any source in `incomplete_sources` means never GREEN (absent data never reads as clean).
 */
import type { RegisterFindings, SourceFreshness } from './register-findings';

export const METHODOLOGY_VERSION = 'v1.1';

export const WEIGHTS = { REG: 20, DIR: 15, AUS: 20, SAN: 15, CRT: 15, FRS: 15 } as const;
export type SubScoreCode = keyof typeof WEIGHTS;
export type SubScores = Record<SubScoreCode, number>;
export type Band = 'GREEN' | 'AMBER' | 'RED';

export interface TrustScore {
  composite: number;
  band: Band;
  sub_scores: SubScores;
  contributing_risks: string[];
  incomplete_sources: string[];
  methodology_version: typeof METHODOLOGY_VERSION;
}

/**
 * One sub-score and the sentences explaining what lowered it; `terminal` marks a zero that caps the band,
 * `capsBand` a finding that caps it without being a zero (an ABN the register does not know).
 */
interface Assessed {
  score: number;
  risks: string[];
  terminal?: boolean;
  capsBand?: boolean;
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

function registration(f: RegisterFindings['registration']): Assessed {
  if (!f.found) {
    return {
      score: 40,
      capsBand: true,
      risks: ['The ABN is well formed but the Australian Business Register does not know it.', 'An ABN the Australian Business Register does not know keeps the band from GREEN.'],
    };
  }
  const risks: string[] = f.foundIn === 'abn_lookup' ? ['The ABN is missing from the loaded bulk extract; its registration was read from the ABN Lookup web service.'] : [];
  if (f.abnStatus === 'cancelled') return { score: 0, terminal: true, risks: [`The ABN was cancelled${f.abnStatusFrom ? ` on ${f.abnStatusFrom}` : ''}.`] };
  if (f.asicStatus === 'DRGD') return { score: 0, terminal: true, risks: ['ASIC records the company as deregistered.'] };
  let score = 100;
  if (f.asicStatus === 'SOFF') {
    score -= 40;
    risks.push('ASIC records a strike-off action against the company.');
  }
  if (f.gstRegistered === false) {
    score -= 10;
    risks.push('The entity is not registered for GST.');
  }
  if (f.yearsRegistered !== null && f.yearsRegistered < 1) {
    score -= 20;
    risks.push('The ABN was registered less than a year ago.');
  }
  return { score: clamp(score), risks };
}

const PAST_BANNING_SCORE = 70;

function directorship(f: RegisterFindings['directorship']): Assessed {
  const sentence = (d: RegisterFindings['directorship']['disqualified'][number]) =>
    `${d.name} is on ASIC's ${d.register} register (${d.category}${d.current ? (d.until ? `, until ${d.until}` : ', no end date') : `, ended ${d.until}`}).`;
  const current = f.disqualified.filter((d) => d.current);
  if (current.length) return { score: 0, terminal: true, risks: current.map(sentence) };
  if (f.disqualified.length) return { score: PAST_BANNING_SCORE, risks: f.disqualified.map(sentence) };
  return { score: 100, risks: [] };
}

function austrac(f: RegisterFindings['austrac'], tranche2Profession: boolean): Assessed {
  if (f.enforcementActions.length) {
    return { score: 0, terminal: true, risks: f.enforcementActions.map((a) => `AUSTRAC enforcement action: ${a.title}${a.date ? ` (${a.date})` : ''}.`) };
  }
  if (tranche2Profession && f.reportingEntity === false) {
    return { score: 60, risks: ['A Tranche 2 profession that is not enrolled with AUSTRAC as a reporting entity.'] };
  }
  return { score: 100, risks: [] };
}

function sanctions(f: RegisterFindings['sanctions']): Assessed {
  if (f.nameChecked === null) return { score: 100, risks: ['No name was given, so no sanctions or PEP name match could run.'] };
  const listed = f.matches.filter((m) => m.listKind !== 'pep');
  if (listed.length) {
    return { score: 0, terminal: true, risks: listed.map((m) => `"${f.nameChecked}" matches ${m.name} on ${m.source} (score ${m.score.toFixed(2)}).`) };
  }
  const peps = f.matches.filter((m) => m.listKind === 'pep');
  if (peps.length) return { score: 50, risks: peps.map((m) => `"${f.nameChecked}" matches the politically exposed person ${m.name} (${m.source}).`) };
  return { score: 100, risks: [] };
}

function court(f: RegisterFindings['court']): Assessed {
  const current = f.notices.filter((n) => n.current);
  const when = (n: RegisterFindings['court']['notices'][number]) => (n.date ? ` (published ${n.date})` : '');
  if (current.length) return { score: 0, terminal: true, risks: current.map((n) => `Current ${n.kind}${when(n)}.`) };
  if (f.notices.length) return { score: 60, risks: f.notices.map((n) => `Past ${n.kind}${when(n)}.`) };
  return { score: 100, risks: [] };
}

/**
 * Each source holds an equal share of 100: all of it when refreshed within its cadence, half when older,
 * none when never loaded (and it is then listed as incomplete).
 */
function freshness(sources: SourceFreshness[], now: Date): Assessed & { incomplete: string[] } {
  if (sources.length === 0) return { score: 0, risks: ['No register source is configured.'], incomplete: [] };
  const risks: string[] = [];
  const incomplete: string[] = [];
  let shares = 0;
  for (const source of sources) {
    if (!source.lastRefreshed) {
      incomplete.push(source.source);
      risks.push(`The ${source.source} register has not been loaded, so its checks used default-clean inputs.`);
      continue;
    }
    const ageHours = (now.getTime() - new Date(source.lastRefreshed).getTime()) / 3_600_000;
    if (ageHours > source.cadenceHours) {
      shares += 0.5;
      risks.push(`The ${source.source} register was last refreshed ${Math.floor(ageHours)} hours ago, past its ${source.cadenceHours}-hour cadence.`);
    } else {
      shares += 1;
    }
  }
  return { score: clamp((100 * shares) / sources.length), risks, incomplete };
}

/** The composite: Σ weight × sub-score / 100, rounded half up. */
export function compositeOf(subScores: SubScores): number {
  const sum = (Object.keys(WEIGHTS) as SubScoreCode[]).reduce((total, code) => total + WEIGHTS[code] * subScores[code], 0);
  return Math.floor((sum + 50) / 100);
}

/** The band by the arithmetic, then the two overrides. */
export function bandOf(composite: number, overrides: { terminalZero: boolean; incomplete: boolean }): Band {
  let band: Band = composite >= 70 ? 'GREEN' : composite >= 40 ? 'AMBER' : 'RED';
  if (band === 'GREEN' && (overrides.terminalZero || overrides.incomplete)) band = 'AMBER';
  return band;
}

/** Scores what the registers said about one ABN. */
export function scoreTrust(findings: RegisterFindings, now: Date): TrustScore {
  const parts: Record<Exclude<SubScoreCode, 'FRS'>, Assessed> = {
    REG: registration(findings.registration),
    DIR: directorship(findings.directorship),
    AUS: austrac(findings.austrac, findings.tranche2Profession),
    SAN: sanctions(findings.sanctions),
    CRT: court(findings.court),
  };
  const fresh = freshness(findings.sources, now);
  const sub_scores: SubScores = { REG: parts.REG.score, DIR: parts.DIR.score, AUS: parts.AUS.score, SAN: parts.SAN.score, CRT: parts.CRT.score, FRS: fresh.score };
  const composite = compositeOf(sub_scores);
  const terminalZero = Object.values(parts).some((p) => p.terminal);
  const capped = terminalZero || Object.values(parts).some((p) => p.capsBand);
  const band = bandOf(composite, { terminalZero: capped, incomplete: fresh.incomplete.length > 0 });
  const contributing_risks = [...Object.values(parts).flatMap((p) => p.risks), ...fresh.risks];
  if (terminalZero && composite >= 70) contributing_risks.push('A finding that scores zero caps the band at AMBER whatever the composite.');
  if (fresh.incomplete.length && composite >= 70 && !capped) contributing_risks.push('A register that has not been loaded keeps the band from GREEN.');
  return { composite, band, sub_scores, contributing_risks, incomplete_sources: fresh.incomplete, methodology_version: METHODOLOGY_VERSION };
}
