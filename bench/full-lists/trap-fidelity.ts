import { resolve } from 'node:path';
import { entityIdOf, MatchIndex } from '../../src/matching';
import type { ListedEntity } from '../../src/sources/listed-entity';
import { parseListFile, type ListFile } from '../../src/sources/registry';
import { TRAP_QUERIES } from '../../scripts/cut-fixtures/trap-queries';
import { watchlistFiles } from '../watchlists';
import type { Check } from './loader-counts';

const TRAPS = resolve(__dirname, '../../test/fixtures/lists/traps');

async function index(files: ListFile[]): Promise<{ index: MatchIndex; ids: Set<string> }> {
  const entities: ListedEntity[] = [];
  for (const file of files) for await (const event of parseListFile(file)) if ('entity' in event) entities.push(event.entity);
  return { index: MatchIndex.build(entities), ids: new Set(entities.map(entityIdOf)) };
}

/**
 * The false-positive traps (test/unit/matching/false-positive-traps.test.ts) run on lists cut around
 * them, where token rarities differ from the full lists'. This says whether what the test asserts on the
 * cut holds on the full lists: every match the cut gives, the full lists give (so "finds X" carries
 * over), and a query the cut matches to nothing matches nothing on the full lists (so "matches nothing"
 * carries over). A full-list match the cut misses beside matches it does give is a note, not a failure
 * (the test asserts no such absence); so is each query's nearest miss, to show how close a trap sits.
 */
export async function trapFidelityChecks(): Promise<{ checks: Check[]; notes: string[] }> {
  const full = await index(watchlistFiles());
  const cut = await index([
    { source: 'dfat', path: `${TRAPS}/dfat-consolidated.xlsx` },
    { source: 'un', path: `${TRAPS}/un-consolidated.xml` },
    { source: 'ofac', path: `${TRAPS}/ofac-sdn.csv`, altPath: `${TRAPS}/ofac-alt.csv`, addPath: `${TRAPS}/ofac-add.csv` },
  ]);
  const checks: Check[] = [];
  const notes: string[] = [];
  for (const query of TRAP_QUERIES) {
    const label = `trap "${query.name}" (${query.entityType})`;
    const onFull = full.index.search(query, { reportFrom: 0.5 }).matches;
    const onCut = cut.index.search(query, { reportFrom: 0.5 }).matches;
    const matched = (matches: typeof onFull) => matches.filter((m) => m.explanation.match).map((m) => m.entityId).sort();
    const [fullIds, cutIds] = [matched(onFull), matched(onCut)];
    checks.push({ what: `${label}: every match on the cut is one on the full lists`, expected: [], found: cutIds.filter((id) => !fullIds.includes(id)) });
    if (cutIds.length === 0) checks.push({ what: `${label}: no match on the cut, none on the full lists`, expected: [], found: fullIds });
    for (const id of fullIds.filter((id) => !cutIds.includes(id))) {
      const score = (matches: typeof onFull) => matches.find((m) => m.entityId === id)?.score.toFixed(2) ?? '< 0.5';
      notes.push(`${label}: ${id} matches on the full lists (${score(onFull)}), not on the cut (${score(onCut)})`);
    }
    const miss = (matches: typeof onFull) => {
      const found = matches.find((m) => !m.explanation.match);
      return found ? `${found.entityId} ${found.score.toFixed(2)}` : 'none ≥ 0.5';
    };
    notes.push(`${label}: nearest miss ${miss(onFull)} on the full lists, ${miss(onCut)} on the cut`);
  }
  checks.push({ what: 'trap cut: entities not on the full lists', expected: 0, found: [...cut.ids].filter((id) => !full.ids.has(id)).length });
  return { checks, notes };
}
