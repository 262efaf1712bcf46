import { LEGAL_FORM_WORDS } from './listed-name-sets';
import { plainTokens, sortedKey } from './plain-name';
import type { PublishedRecord } from './published-records';

/**
 * Records of the same person, organisation or vessel across lists, joined by rules that look only at
 * what the lists publish, never at the matcher. Two records are linked directly when they share:
 * - a UN reference number (UN's own, DFAT's "Listing Information", the UK list's column);
 * - a passport, national id, IMO, tax or registration number (six or more characters) and at least
 *   one name word that is not a legal form (the UK tables are left out here: their identifier rows are misaligned in places);
 * - for people, a name that is not a weak alias and has two words of three letters or more, equal up to
 *   case, accents, punctuation and word order, and a year of birth ("EL FLACO" links no one);
 *   for organisations and vessels, a primary name of two or more words equal in the same way.
 * A name or number shared by more than `MAX_SHARED` records ("ABU ALI") links nothing. Links are not
 * followed transitively for labels (OFAC lists "Egyptian Islamic Jihad" as an alias of al-Qaida, so a
 * chain would merge two UN entities); the cluster, which is transitive, only keeps one entity's
 * variants in the same half of the set.
 */
export interface RecordCluster {
  /** The smallest indexed id in it, or the smallest id: stable across rebuilds. */
  id: string;
  records: PublishedRecord[];
  /** Record id → ids of the records directly linked to it (not itself). */
  links: Map<string, Set<string>>;
}

const MAX_SHARED = 4;

export function clusterRecords(records: readonly PublishedRecord[]): RecordCluster[] {
  const parent = records.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const links = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    if (a === b) return;
    (links.get(a) ?? links.set(a, new Set()).get(a)!).add(b);
    (links.get(b) ?? links.set(b, new Set()).get(b)!).add(a);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[ra] = rb;
  };

  const byKey = new Map<string, number[]>();
  const add = (key: string, at: number) => {
    const list = byKey.get(key);
    if (list) list.push(at);
    else byKey.set(key, [at]);
  };
  records.forEach((record, at) => {
    if (record.unReference) add(`un|${record.unReference}`, at);
    if (!record.id.startsWith('uk:')) for (const identifier of record.identifiers) add(`id|${identifier}`, at);
    if (record.kind === 'person') {
      const strong = record.names.filter((n) => !n.weak && plainTokens(n.name).filter((t) => t.length > 2).length >= 2);
      for (const key of new Set(strong.map((n) => sortedKey(n.name)))) add(`person|${key}`, at);
    } else {
      const key = sortedKey(record.names[0]?.name ?? '');
      if (key.includes(' ')) add(`thing|${key}`, at);
    }
  });

  const generic = new Set([...LEGAL_FORM_WORDS, 'joint', 'stock', 'open', 'closed', 'public', 'private', 'society', 'al', 'bin', 'abu', 'el']);
  const words = records.map((r) => new Set(r.names.flatMap((n) => plainTokens(n.name)).filter((w) => w.length > 2 && !generic.has(w))));
  for (const [key, members] of byKey) {
    const distinct = [...new Set(members)];
    if (distinct.length < 2 || (!key.startsWith('un|') && distinct.length > MAX_SHARED)) continue;
    for (let i = 0; i < distinct.length; i++) {
      for (let j = i + 1; j < distinct.length; j++) {
        const a = records[distinct[i]!]!;
        const b = records[distinct[j]!]!;
        if (!sameKind(a, b)) continue;
        if (key.startsWith('person|') && ![...a.birthYears].some((y) => b.birthYears.has(y))) continue;
        if (key.startsWith('id|') && ![...words[distinct[i]!]!].some((w) => words[distinct[j]!]!.has(w))) continue;
        link(distinct[i]!, distinct[j]!);
      }
    }
  }

  const groups = new Map<number, number[]>();
  records.forEach((_, at) => {
    const root = find(at);
    const list = groups.get(root);
    if (list) list.push(at);
    else groups.set(root, [at]);
  });
  return [...groups.values()].map((members) => {
    const group = members.map((m) => records[m]!);
    const indexed = group.filter((m) => m.indexed).map((m) => m.id).sort();
    const direct = new Map(members.map((m) => [records[m]!.id, new Set([...(links.get(m) ?? [])].map((n) => records[n]!.id))]));
    return { id: indexed[0] ?? group.map((m) => m.id).sort()[0]!, records: group, links: direct };
  });
}

/** People link to people, vessels to vessels (a ship and its owner share an IMO number), the rest to each other. */
function sameKind(a: PublishedRecord, b: PublishedRecord): boolean {
  const family = (r: PublishedRecord) => (r.kind === 'person' || r.kind === 'vessel' ? r.kind : 'organisation');
  return family(a) === family(b);
}
