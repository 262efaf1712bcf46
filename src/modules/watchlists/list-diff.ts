/** What changed between two versions of a list, by source id and content hash. */

export interface ListChange {
  sourceId: string;
  change: 'added' | 'removed' | 'changed';
  previousHash: string | null;
  currentHash: string | null;
}

export function diffLists(previous: Map<string, string>, current: Map<string, string>): ListChange[] {
  const changes: ListChange[] = [];
  for (const [sourceId, hash] of current) {
    const before = previous.get(sourceId);
    if (before === undefined) changes.push({ sourceId, change: 'added', previousHash: null, currentHash: hash });
    else if (before !== hash) changes.push({ sourceId, change: 'changed', previousHash: before, currentHash: hash });
  }
  for (const [sourceId, hash] of previous) {
    if (!current.has(sourceId)) changes.push({ sourceId, change: 'removed', previousHash: hash, currentHash: null });
  }
  return changes.sort((a, b) => (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));
}

export function countChanges(changes: ListChange[]): { added: number; removed: number; changed: number } {
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const c of changes) counts[c.change] += 1;
  return counts;
}
