import { bigramDice, scriptOf, sortedKey } from './plain-name';
import type { PublishedRecord } from './published-records';
import type { RecordCluster } from './record-clusters';
import type { EvalItem } from './eval-item';

/**
 * Positives from real alias pairs: each non-weak name one record publishes (an OFAC ALT alias, a DFAT
 * or UN alias, the UK list's spelling or name variation, an OpenSanctions Cyrillic name, a UN/DFAT
 * original-script name) queried for the indexed records directly linked to its record that do not list it
 * verbatim (up to case, accents, punctuation and word order) and, for a Latin query, list a Latin
 * name spelled alike (`spelledAlike`). Those records are `expected`; the linked
 * records that list it verbatim are `acceptable`. A query some other indexed record lists verbatim is
 * left out: that record is a namesake or the same entity listed twice without a link (DFAT lists some
 * organisations under two references), and either way the label would be a guess. Latin queries are
 * group `alias_<publisher>`, others `cross_script`.
 */
export function publishedPositives(clusters: readonly RecordCluster[]): EvalItem[] {
  const holders = new Map<string, Set<string>>();
  for (const record of clusters.flatMap((c) => c.records).filter((r) => r.indexed)) {
    for (const { name } of record.names) {
      const key = sortedKey(name);
      (holders.get(key) ?? holders.set(key, new Set()).get(key)!).add(record.id);
    }
  }
  const all: EvalItem[] = [];
  for (const cluster of clusters) {
    const items = new Map<string, EvalItem>();
    if (!cluster.records.some((r) => r.indexed)) continue;
    const byId = new Map(cluster.records.map((r) => [r.id, r]));
    const keysOf = new Map(cluster.records.map((r) => [r.id, new Set(r.names.map((n) => sortedKey(n.name)))]));
    for (const record of cluster.records) {
      const same = [record, ...[...cluster.links.get(record.id)!].map((id) => byId.get(id)!)].filter((r) => r.indexed);
      for (const name of record.names) {
        if (name.weak || mixedScripts(name.name)) continue;
        const key = sortedKey(name.name);
        if (key === '' || key.length < 3) continue;
        const script = scriptOf(name.name);
        const expected = same.filter((r) => !keysOf.get(r.id)!.has(key) && (script !== 'latin' || spelledAlike(name.name, r))).map((r) => r.id);
        if (expected.length === 0) continue;
        const entityType = record.kind === 'person' ? 'person' : 'organisation';
        const dedupe = `${entityType}|${key}`;
        const acceptable = same.map((r) => r.id).filter((id) => !expected.includes(id));
        if ([...(holders.get(key) ?? [])].some((id) => !acceptable.includes(id))) continue;
        const existing = items.get(dedupe);
        if (existing) {
          existing.expected = [...new Set([...existing.expected, ...expected])].sort();
          existing.acceptable = [...new Set([...existing.acceptable, ...acceptable])].filter((id) => !existing.expected.includes(id)).sort();
          continue;
        }
        items.set(dedupe, {
          label: 'match',
          group: script === 'latin' ? `alias_${publisherOf(record)}` : 'cross_script',
          script,
          scope: 'sanctions',
          query: { name: name.name, entityType },
          expected: expected.sort(),
          acceptable: acceptable.sort(),
          from: `${record.id} ${name.type}`,
          splitKey: cluster.id,
          kind: record.kind,
        });
      }
    }
    all.push(...items.values());
  }
  return all;
}

/** Minimum `bigramDice` between a Latin query and some Latin name of an entity it is expected to find. */
export const MIN_SPELLING_SIMILARITY = 0.5;

/**
 * Whether the record lists a Latin name spelled like the query. An alias no listed name resembles
 * (an acronym, a former name, another identity OFAC folds into the record) is a different name, which
 * no spelling-based screen can be asked to find; such pairs are left out.
 */
function spelledAlike(query: string, record: PublishedRecord): boolean {
  return record.names.some((n) => scriptOf(n.name) === 'latin' && bigramDice(query, n.name) >= MIN_SPELLING_SIMILARITY);
}

/** A published name written in two scripts at once ("حسن غول (Hassan Ghul; Hasan Gul)") is a listing artefact, not a query. */
function mixedScripts(name: string): boolean {
  const latin = /\p{Script=Latin}/u.test(name);
  return latin && /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(name);
}

function publisherOf(record: PublishedRecord): string {
  return record.id.slice(0, record.id.indexOf(':'));
}
