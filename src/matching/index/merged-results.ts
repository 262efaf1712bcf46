import type { Match, MatchResult, RemovedCandidate } from '../match-types';

/** The results of screening each name of a query, as one: every entity at its best, best first. */
export function mergedResults(results: readonly MatchResult[], limit: number): MatchResult {
  const best = new Map<string, Match>();
  for (const { matches } of results) {
    for (const match of matches) if ((best.get(match.entityId)?.score ?? -1) < match.score) best.set(match.entityId, match);
  }
  const removed = new Map<string, RemovedCandidate>();
  for (const result of results) for (const r of result.removed) if (!best.has(r.entityId) && !removed.has(r.entityId)) removed.set(r.entityId, r);
  const explanations = [...new Set(results.map((r) => r.filterExplanation).filter((e): e is string => e !== null))];
  return {
    matches: [...best.values()].sort((a, b) => b.score - a.score || a.entityId.localeCompare(b.entityId)).slice(0, limit),
    removed: [...removed.values()],
    filterApplied: removed.size > 0,
    filterExplanation: explanations.length > 0 ? explanations.join(' ') : null,
    threshold: results[0]!.threshold,
  };
}
