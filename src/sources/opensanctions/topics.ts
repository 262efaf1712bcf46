import type { ListKind } from '../listed-entity';

/** FollowTheMoney topics that make an entity a sanctions target ("sanction.counter" — Russia's lists of Western officials — does not). */
const SANCTION_TOPICS = new Set(['sanction', 'sanction.linked']);

/**
 * FollowTheMoney topics for politically exposed persons (politicians, senior judges, civil servants
 * and diplomats: FATF's categories) and their relatives and close associates. Not "role.pol", which
 * OpenSanctions uses for politicians who are explicitly not PEPs, nor oligarchs, spies or lawyers.
 */
const PEP_TOPICS = new Set(['role.pep', 'role.rca', 'role.judge', 'role.civil', 'role.diplo']);

const RANK: Record<ListKind, number> = { other: 0, pep: 1, sanctions: 2 };

/** The list kind the entity's OpenSanctions topics say it belongs to. */
export function listKindFromTopics(topics: readonly string[]): ListKind {
  if (topics.some((topic) => SANCTION_TOPICS.has(topic))) return 'sanctions';
  if (topics.some((topic) => PEP_TOPICS.has(topic))) return 'pep';
  return 'other';
}

/**
 * The higher-risk of two list kinds. An export declared a PEP source stays PEP for entities without
 * topics, but a PEP who is also sanctioned is screened as sanctions: declaring never downgrades.
 */
export function strongerListKind(a: ListKind, b: ListKind): ListKind {
  return RANK[a] >= RANK[b] ? a : b;
}
