import type { EntityKind } from '../../sources/listed-entity';
import { ROLE_CODES, type NameTable } from '../index/name-table';
import type { PreparedQuery } from '../index/prepared-query';
import type { MatchQuery, TypeMismatch } from '../match-types';
import { TYPE_MISMATCH_MIN_NAME_SCORE, TYPE_MISMATCH_PENALTY } from '../score-weights';
import type { Alignment } from './name-alignment';

/**
 * Whether a name of another kind than the query's is close enough to show: its score is at least
 * `TYPE_MISMATCH_MIN_NAME_SCORE` and every token of both names was paired, particles aside. Requiring
 * every token keeps person screens from filling with companies that share a name word ("Emma" and
 * "EMMA LLC"), while the exact name sent under the wrong `entity_type` still comes through.
 */
export function isNearExactName(table: NameTable, query: PreparedQuery, name: number, alignment: Alignment): boolean {
  if (alignment.score < TYPE_MISMATCH_MIN_NAME_SCORE) return false;
  for (let i = 0; i < query.tokens.length; i++) {
    if ((alignment.queryMatched & (1 << i)) === 0 && query.tokens[i]!.role !== 'particle') return false;
  }
  const start = table.tokenStart[name]!;
  const end = table.tokenStart[name + 1]!;
  for (let p = start; p < end; p++) {
    if ((alignment.listedMatched & (1 << (p - start))) === 0 && ROLE_CODES[table.tokenRole[p]!] !== 'particle') return false;
  }
  return true;
}

/** The mismatch a match carries: what was asked, what is listed, and the penalty taken off its score. */
export function typeMismatchOf(queried: MatchQuery['entityType'], listed: EntityKind, nameScore: number): TypeMismatch {
  return { queried, listed, penalty: TYPE_MISMATCH_PENALTY, nameScore: Math.round(nameScore * 1000) / 1000 };
}

/** The sentence a reviewer reads in the match's explanation. */
export function describeTypeMismatch(mismatch: TypeMismatch): string {
  return (
    `Type mismatch: queried as ${withArticle(mismatch.queried)}, listed as ${withArticle(mismatch.listed)}; ` +
    `shown because the names agree (name score ${mismatch.nameScore.toFixed(3)}), less the type-mismatch penalty ` +
    `${mismatch.penalty.toFixed(2)}. Check which the customer is.`
  );
}

function withArticle(kind: EntityKind): string {
  if (kind === 'other') return 'an unclassified entity';
  return kind === 'organisation' ? 'an organisation' : `a ${kind}`;
}
