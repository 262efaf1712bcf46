/**
 * The Trust Score's weights and every number a rule applies, as one named table: the scorer
 * (trust-score.ts) reads its points from here and the served methodology document renders this table
 * (methodology.ts), so the published rules and the computed scores cannot drift apart.
 */

export const METHODOLOGY_VERSION = 'v1.2';

export const WEIGHTS = { REG: 20, DIR: 15, AUS: 20, SAN: 15, CRT: 15, FRS: 15 } as const;
export type SubScoreCode = keyof typeof WEIGHTS;

/**
 * One rule: `deduct` takes points off the sub-score's 100, `set` puts the sub-score at a value (the
 * lowest of the set values that apply wins), `terminal` zeroes it and caps the band at AMBER.
 */
export interface TrustRule {
  subScore: Exclude<SubScoreCode, 'FRS'>;
  effect: 'deduct' | 'set' | 'terminal';
  points: number;
  /** At most this many points for all findings of the rule together (bounded deductions). */
  cap?: number;
  when: string;
}

export const TRUST_RULES = {
  REG_CANCELLED: { subScore: 'REG', effect: 'terminal', points: 0, when: 'the ABN is cancelled, or ASIC records the company as deregistered (DRGD)' },
  REG_UNKNOWN: { subScore: 'REG', effect: 'set', points: 40, when: 'the ABR itself (ABN Lookup) answers that it does not know a well-formed ABN; also caps the band at AMBER' },
  REG_STRIKE_OFF: { subScore: 'REG', effect: 'deduct', points: 40, when: 'ASIC records a strike-off action (SOFF)' },
  REG_NO_GST: { subScore: 'REG', effect: 'deduct', points: 10, when: 'the entity is not registered for GST' },
  REG_YOUNG: { subScore: 'REG', effect: 'deduct', points: 20, when: 'the ABN was registered less than a year ago' },
  DIR_CURRENT: { subScore: 'DIR', effect: 'terminal', points: 0, when: 'a current banning or disqualification linked to the entity by evidence (ACN; for a person, name plus document number or address)' },
  DIR_HISTORY: { subScore: 'DIR', effect: 'deduct', points: 20, cap: 20, when: 'a banning or disqualification linked by evidence that has ended (history)' },
  DIR_POSSIBLE: { subScore: 'DIR', effect: 'deduct', points: 10, cap: 20, when: 'each current record matching by name only, with nothing on it naming another entity (a possible match that needs confirmation)' },
  AUS_ENFORCEMENT: { subScore: 'AUS', effect: 'terminal', points: 0, when: 'an AUSTRAC enforcement action against the legal entity (its ABN, ACN or legal name)' },
  AUS_POSSIBLE: { subScore: 'AUS', effect: 'deduct', points: 10, cap: 20, when: 'each AUSTRAC enforcement action matching a name only, not linked to any legal entity (a possible match that needs confirmation)' },
  SAN_LISTED: { subScore: 'SAN', effect: 'terminal', points: 0, when: 'a screened name matches an entry of a sanctions list' },
  SAN_PEP: { subScore: 'SAN', effect: 'set', points: 50, when: 'a screened name matches a politically exposed person' },
  CRT_CURRENT: { subScore: 'CRT', effect: 'terminal', points: 0, when: 'a current external administration or winding up (ASIC status EXAD, or a notice of appointment within 365 days)' },
  CRT_PAST: { subScore: 'CRT', effect: 'set', points: 60, when: 'only older or other published notices' },
} as const satisfies Record<string, TrustRule>;

export type TrustRuleName = keyof typeof TRUST_RULES;

/** A deduction of `count` findings of a bounded rule: points each, never more than its cap. */
export function boundedDeduction(rule: TrustRule, count: number): number {
  return Math.min(rule.points * count, rule.cap ?? Number.POSITIVE_INFINITY);
}

const EFFECT_WORDS: Record<TrustRule['effect'], (r: TrustRule) => string> = {
  terminal: () => '0 (terminal)',
  set: (r) => `set to ${r.points}`,
  deduct: (r) => `−${r.points}${r.cap !== undefined && r.cap !== r.points ? ` each, at most −${r.cap}` : ''}`,
};

/** The table as Markdown, for the served methodology document. */
export function rulesTableMarkdown(): string {
  const weights = ['| code | weight |', '|---|---|', ...Object.entries(WEIGHTS).map(([code, weight]) => `| ${code} | ${weight} |`)];
  const rules = [
    '| rule | sub-score | effect | when |',
    '|---|---|---|---|',
    ...Object.entries(TRUST_RULES).map(([name, r]: [string, TrustRule]) => `| \`${name}\` | ${r.subScore} | ${EFFECT_WORDS[r.effect](r)} | ${r.when} |`),
  ];
  return `${weights.join('\n')}\n\n${rules.join('\n')}`;
}
