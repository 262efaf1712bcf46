/**
 * The ABN Trust Score, methodology v1.2 (architecture: Trust Score decisions): six sub-scores 0–100,
 * higher is safer, a composite that is their weighted sum, and a band with two overrides that take
 * precedence over the arithmetic. Pure and deterministic: the same findings and methodology version
 * always give the same result, so a score can be reproduced from what the registers said. Every
 * weight and point comes from the named table in methodology-rules.ts, which the served document renders.
 *
 * - composite = round(Σ weight × sub-score / 100), halves rounded up (Σ is an integer, so this is exact).
 * - band GREEN 70–100, AMBER 40–69, RED 0–39; a terminal zero in any sub-score but FRS caps the band at
 *   AMBER; any source in `incomplete_sources` means never GREEN (absent data never reads as clean).
 * - a possible match (a name only) is reported apart and lowers its sub-score by a bounded amount at most.
 */
import { METHODOLOGY_VERSION, TRUST_RULES, WEIGHTS, boundedDeduction, type SubScoreCode } from './methodology-rules';
import type { PossibleMatch, RegisterFindings, SourceFreshness } from './register-findings';

export { METHODOLOGY_VERSION, WEIGHTS, type SubScoreCode };
export type SubScores = Record<SubScoreCode, number>;
export type Band = 'GREEN' | 'AMBER' | 'RED';

export interface TrustScore {
  composite: number;
  band: Band;
  sub_scores: SubScores;
  contributing_risks: string[];
  incomplete_sources: string[];
  /** Records that meet the entity by a name only: never counted as findings, each with why. */
  possible_matches: PossibleMatch[];
  /** What was and was not checked, in words (not risks): e.g. which directors DIR checked. */
  notes: string[];
  methodology_version: typeof METHODOLOGY_VERSION;
}

/**
 * One sub-score and the sentences explaining what lowered it; `terminal` marks a zero that caps the band,
 * `capsBand` a finding that caps it without being a zero (an ABN the register does not know).
 */
interface Assessed {
  score: number;
  risks: string[];
  notes?: string[];
  terminal?: boolean;
  capsBand?: boolean;
}

const R = TRUST_RULES;
const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

function registration(f: RegisterFindings['registration']): Assessed {
  if (f.outcome === 'not_found') {
    return {
      score: R.REG_UNKNOWN.points,
      capsBand: true,
      risks: ['The ABN is well formed but the ABN Lookup web service of the Australian Business Register answered that it has no such ABN.', 'An ABN the Australian Business Register does not know keeps the band from GREEN.'],
    };
  }
  if (f.outcome === 'unchecked') return { score: 100, risks: [], notes: ['The registration of this ABN could not be checked (see incomplete_sources); REG used default-clean inputs.'] };
  const risks: string[] = f.foundIn === 'abn_lookup' ? ['The ABN is missing from the loaded bulk extract; its registration was read from the ABN Lookup web service.'] : [];
  if (f.abnStatus === 'cancelled') return { score: 0, terminal: true, risks: [`The ABN was cancelled${f.abnStatusFrom ? ` on ${f.abnStatusFrom}` : ''}.`] };
  if (f.asicStatus === 'DRGD') return { score: 0, terminal: true, risks: ['ASIC records the company as deregistered.'] };
  let score = 100;
  if (f.asicStatus === 'SOFF') {
    score -= R.REG_STRIKE_OFF.points;
    risks.push('ASIC records a strike-off action against the company.');
  }
  if (f.gstRegistered === false) {
    score -= R.REG_NO_GST.points;
    risks.push('The entity is not registered for GST.');
  }
  if (f.yearsRegistered !== null && f.yearsRegistered < 1) {
    score -= R.REG_YOUNG.points;
    risks.push('The ABN was registered less than a year ago.');
  }
  return { score: clamp(score), risks };
}

/**
 * The one sentence possible matches add: how many, that none was counted, and what they cost (a bounded
 * deduction at most). The records themselves are in `possible_matches`, never worded as findings.
 */
function possibleSentences(code: SubScoreCode, matches: PossibleMatch[], deduction: number): string[] {
  if (!matches.length) return [];
  const registers = [...new Set(matches.map((m) => m.register))].join(', ');
  const cost = deduction ? `${code} is lowered by ${deduction} until confirmed or ruled out` : `${code} is not lowered`;
  return [`${matches.length} record${matches.length === 1 ? '' : 's'} on ${registers} share${matches.length === 1 ? 's' : ''} a name with this entity or a person checked but ${matches.length === 1 ? 'is' : 'are'} not linked by evidence: possible match${matches.length === 1 ? '' : 'es'} needing confirmation (see possible_matches), not findings; ${cost}.`];
}

/** The bounded deduction of a rule over the possible matches that could still be the entity and are current. */
const possibleDeduction = (rule: (typeof R)['DIR_POSSIBLE'] | (typeof R)['AUS_POSSIBLE'], matches: PossibleMatch[]) =>
  boundedDeduction(rule, matches.filter((m) => m.unresolved && m.current).length);

function directorship(f: RegisterFindings['directorship']): Assessed {
  const sentence = (d: RegisterFindings['directorship']['counted'][number]) =>
    d.current
      ? `${d.name} is on ASIC's ${d.register} register (${d.category}${d.until ? `, until ${d.until}` : ', no end date'}), linked by ${d.evidence}.`
      : `History: ${d.name} was on ASIC's ${d.register} register (${d.category}, ended ${d.until}), linked by ${d.evidence}.`;
  const notes = [
    f.acnChecked ? `DIR checked ACN ${f.acnChecked} against ASIC's banned and disqualified organisations register.` : null,
    f.personsChecked.length
      ? `DIR checked these persons against ASIC's banned and disqualified persons register: ${f.personsChecked.join('; ')}.`
      : 'No director was checked: none was named (POST `directors` to check them against ASIC\'s banned and disqualified persons register).',
  ].filter((n): n is string => n !== null);
  const current = f.counted.filter((d) => d.current);
  if (current.length) return { score: 0, terminal: true, risks: f.counted.map(sentence), notes };
  const history = f.counted.length ? R.DIR_HISTORY.points : 0;
  const possible = possibleDeduction(R.DIR_POSSIBLE, f.possibleMatches);
  return { score: clamp(100 - Math.min(history, R.DIR_HISTORY.cap) - possible), risks: [...f.counted.map(sentence), ...possibleSentences('DIR', f.possibleMatches, possible)], notes };
}

function austrac(f: RegisterFindings['austrac'], tranche2Profession: boolean): Assessed {
  const notes = tranche2Profession
    ? [
        'AUSTRAC publishes no roll of enrolled reporting entities, and its public registers (remittance providers, digital currency exchanges) cannot list a Tranche 2 profession, so whether this business has enrolled cannot be checked from public registers; AUS says nothing about it.',
      ]
    : [];
  if (f.enforcementActions.length) {
    return { score: 0, terminal: true, notes, risks: f.enforcementActions.map((a) => `AUSTRAC enforcement action: ${a.title}${a.date ? ` (${a.date})` : ''}, linked by ${a.evidence}.`) };
  }
  const possible = possibleDeduction(R.AUS_POSSIBLE, f.possibleMatches);
  return { score: clamp(100 - possible), notes, risks: possibleSentences('AUS', f.possibleMatches, possible) };
}

function sanctions(f: RegisterFindings['sanctions']): Assessed {
  const notes = f.unscreenableHint ? ['The name hint has no letter or digit, so only the registered name was screened.'] : [];
  if (f.namesChecked.length === 0) return { score: 100, notes, risks: ['No name was given, so no sanctions or PEP name match could run.'] };
  const listed = f.matches.filter((m) => m.listKind !== 'pep');
  if (listed.length) {
    return { score: 0, terminal: true, notes, risks: listed.map((m) => `"${m.nameChecked}" matches ${m.name} on ${m.source} (score ${m.score.toFixed(2)}).`) };
  }
  const peps = f.matches.filter((m) => m.listKind === 'pep');
  if (peps.length) return { score: R.SAN_PEP.points, notes, risks: peps.map((m) => `"${m.nameChecked}" matches the politically exposed person ${m.name} (${m.source}).`) };
  return { score: 100, notes, risks: [] };
}

function court(f: RegisterFindings['court']): Assessed {
  const current = f.notices.filter((n) => n.current);
  const when = (n: RegisterFindings['court']['notices'][number]) => (n.date ? ` (published ${n.date})` : '');
  const possible = possibleSentences('CRT', f.possibleMatches, 0);
  if (current.length) return { score: 0, terminal: true, risks: [...current.map((n) => `Current ${n.kind}${when(n)}.`), ...possible] };
  if (f.notices.length) return { score: R.CRT_PAST.points, risks: [...f.notices.map((n) => `Past ${n.kind}${when(n)}.`), ...possible] };
  return { score: 100, risks: possible };
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
  const incomplete = [...fresh.incomplete, ...findings.unchecked.map((u) => u.source).filter((s) => !fresh.incomplete.includes(s))];
  const band = bandOf(composite, { terminalZero: capped, incomplete: incomplete.length > 0 });
  const contributing_risks = [
    ...Object.values(parts).flatMap((p) => p.risks),
    ...fresh.risks,
    ...findings.unchecked.map((u) => `Could not check ${u.source}: ${u.why}`),
  ];
  if (terminalZero && composite >= 70) contributing_risks.push('A finding that scores zero caps the band at AMBER whatever the composite.');
  if (incomplete.length && composite >= 70 && !capped) contributing_risks.push('A source that could not be checked keeps the band from GREEN.');
  return {
    composite,
    band,
    sub_scores,
    contributing_risks,
    incomplete_sources: incomplete,
    possible_matches: [...findings.directorship.possibleMatches, ...findings.austrac.possibleMatches, ...findings.court.possibleMatches],
    notes: Object.values(parts).flatMap((p) => p.notes ?? []),
    methodology_version: METHODOLOGY_VERSION,
  };
}
