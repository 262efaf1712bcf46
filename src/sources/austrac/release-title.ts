/**
 * What an AUSTRAC enforcement release's title says: the kind of action (in plain words) and the entity
 * it is against. AUSTRAC titles its releases in a handful of patterns ("AUSTRAC accepts enforceable
 * undertaking from X", "Federal Court orders X to pay ..."); the patterns are tried most specific first.
 */

/** The kinds of action, most specific first: "infringement notice ... penalty" is an infringement notice. */
const KINDS: [RegExp, string][] = [
  [/enforceable undertaking/i, 'enforceable undertaking'],
  [/infringement notice/i, 'infringement notice'],
  [/remedial direction/i, 'remedial direction'],
  [/external audit/i, 'external audit'],
  [/enforcement investigation/i, 'enforcement investigation'],
  [/(cancel|suspend|refus)\w*\s+(?:the\s+|its\s+|their\s+)?(?:\w+\s+)?registration|registration\s+(?:cancel|suspen|refus)/i, 'registration cancellation or suspension'],
  [/civil penalty|penalty order|federal court|court action|legal action|\bpenalty\b/i, 'civil penalty proceedings'],
  [/risk assessment/i, 'ML/TF risk assessment notice'],
];

/** The action kind named in `texts` (title first), in plain words; "enforcement action" when none is. */
export function actionKind(...texts: (string | null | undefined)[]): string {
  for (const text of texts) {
    for (const [re, kind] of KINDS) if (text && re.test(text)) return kind;
  }
  return 'enforcement action';
}

/** Where a release title names the entity, most specific first. */
const ENTITY_PATTERNS: RegExp[] = [
  /^(?:the\s+)?federal court\s+(?:has\s+)?(?:orders?|ordered|penalises|penalised|fines|fined)\s+(.+?)\s+(?:to\s+pay|for|over)\b/i,
  /^austrac\s+and\s+(.+?)\s+(?:agree|reach|settle)/i,
  /\b(?:from|against|into)\s+(.+)$/i,
  /\b(?:notices?|directions?|auditor|audit|undertaking)\s+(?:to|of|on)\s+(.+)$/i,
  /\b(?:requires?|required|directs?|directed|orders?|ordered)\s+(.+?)\s+to\s+(?:appoint|undertake|pay|carry out|conduct)\b/i,
  /\b(?:cancels?|cancelled|suspends?|suspended|refuses?|refused)\s+(?:the\s+)?(?:\w+\s+)?registration\s+of\s+(.+)$/i,
  /^(.+?)\s+(?:to\s+pay|ordered\s+to\s+pay|pays|penalised|fined)\b/i,
];

/** What follows the entity in a title: the reason, the purpose, an abbreviation in brackets. */
const TRAILING = [/\s+(?:for|over|after|following|in relation to|regarding|under|to\s+(?:improve|uplift|address|ensure|pay|strengthen))\b.*$/i, /\s*\([^)]{1,12}\)\s*$/, /[\s.,:;'"‘’“”]+$/];

/** The entity an action is against, from its title ("... undertaking from Mounties Group" → "Mounties Group"). */
export function entityFromTitle(title: string): string | null {
  for (const pattern of ENTITY_PATTERNS) {
    const m = pattern.exec(title);
    if (!m?.[1]) continue;
    let name = m[1];
    for (const re of TRAILING) name = name.replace(re, '');
    name = name.replace(/^[\s'"‘“]+/, '').trim();
    if (name && !/^austrac\b/i.test(name)) return name;
  }
  return null;
}
