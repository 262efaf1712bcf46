import { isQuietRole, ROLE_CODES, type NameTable } from './name-table';

/**
 * Postings of pairs of common forms: the names (without an initial) holding both "mohammed" and
 * "hasan", as tokens or joins. A query whose every passing name must meet two common name parts
 * ("Mohammed Hasan" against people: either alone leaves the name below the threshold) finds its
 * candidates here instead of walking the tens of thousands of names holding one of them only to
 * bound them away (`candidate-search.ts`).
 *
 * Only forms with at least `commonFrom` postings pair up, so the pairs stay few: at a million names
 * about 1.2 million pair postings against 3 million single ones. Names with an initial are left out:
 * every unit of a query opens them anyway (their bound is looser).
 *
 * Laid out by the lower-ranked form of a pair (ranks count common forms in form order): its partners
 * sorted, and per partner where its names start, in name order.
 */
export class PairPostings {
  private constructor(
    /** Per form: its rank among the common forms, or -1 for a form with fewer postings. */
    private readonly commonRank: Int32Array,
    /** Partners of rank r are partnerRank[partnerStart[r] .. partnerStart[r + 1]), ascending. */
    private readonly partnerStart: Int32Array,
    private readonly partnerRank: Int32Array,
    /** Names of pair slot s are names[namesStart[s] .. namesStart[s + 1]). */
    private readonly namesStart: Int32Array,
    readonly names: Int32Array,
  ) {}

  /** Pairs the common forms of the table's names (forms with at least `commonFrom` postings). */
  static build(table: NameTable, commonFrom: number): PairPostings {
    const { postingStart } = table;
    const forms = postingStart.length - 1;
    const commonRank = new Int32Array(forms).fill(-1);
    let commons = 0;
    for (let form = 0; form < forms; form++) if (postingStart[form + 1]! - postingStart[form]! >= commonFrom) commonRank[form] = commons++;

    // Counted by pair key first, then laid out, then filled by a second pass in name order.
    const counts = new Map<number, number>();
    eachPair(table, commonRank, commons, (key) => counts.set(key, (counts.get(key) ?? 0) + 1));
    const keys = [...counts.keys()].sort((a, b) => a - b);
    const partnerStart = new Int32Array(commons + 1);
    const partnerRank = new Int32Array(keys.length);
    const namesStart = new Int32Array(keys.length + 1);
    const slotOf = new Map<number, number>();
    keys.forEach((key, slot) => {
      const low = Math.floor(key / commons);
      partnerStart[low + 1]!++;
      partnerRank[slot] = key - low * commons;
      namesStart[slot + 1] = namesStart[slot]! + counts.get(key)!;
      slotOf.set(key, slot);
    });
    counts.clear();
    for (let rank = 0; rank < commons; rank++) partnerStart[rank + 1]! += partnerStart[rank]!;
    const names = new Int32Array(namesStart[keys.length]!);
    const fill = namesStart.slice(0, keys.length);
    eachPair(table, commonRank, commons, (key, name) => {
      names[fill[slotOf.get(key)!]!++] = name;
    });
    return new PairPostings(commonRank, partnerStart, partnerRank, namesStart, names);
  }

  /** True when the form pairs up (has at least `commonFrom` postings). */
  isCommon(form: number): boolean {
    return this.commonRank[form]! >= 0;
  }

  /**
   * Where the names holding both (distinct, common) forms lie in `names`: [from, to), empty when no
   * name holds both.
   */
  namesOf(formA: number, formB: number): [number, number] {
    const a = this.commonRank[formA]!;
    const b = this.commonRank[formB]!;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    let from = this.partnerStart[low]!;
    let to = this.partnerStart[low + 1]! - 1;
    while (from <= to) {
      const middle = (from + to) >>> 1;
      const rank = this.partnerRank[middle]!;
      if (rank === high) return [this.namesStart[middle]!, this.namesStart[middle + 1]!];
      if (rank < high) from = middle + 1;
      else to = middle - 1;
    }
    return [0, 0];
  }
}

/**
 * Calls `each` with the key (low rank × commons + high rank) of every pair of distinct common forms a
 * name without an initial holds as a posted token or a join, once per name and pair, in name order.
 */
function eachPair(table: NameTable, commonRank: Int32Array, commons: number, each: (key: number, name: number) => void): void {
  const { tokenStart, tokenForm, tokenRole, joinForm } = table;
  const held: number[] = [];
  const names = tokenStart.length - 1;
  for (let name = 0; name < names; name++) {
    held.length = 0;
    let initial = false;
    for (let p = tokenStart[name]!; p < tokenStart[name + 1]!; p++) {
      const role = ROLE_CODES[tokenRole[p]!]!;
      initial ||= role === 'initial';
      if (!isQuietRole(role)) addRank(held, commonRank[tokenForm[p]!]!);
      const join = joinForm[p]!;
      if (join >= 0) addRank(held, commonRank[join]!);
    }
    if (initial) continue;
    for (let i = 0; i < held.length; i++) {
      for (let j = i + 1; j < held.length; j++) {
        const low = Math.min(held[i]!, held[j]!);
        each(low * commons + Math.max(held[i]!, held[j]!), name);
      }
    }
  }
}

function addRank(held: number[], rank: number): void {
  if (rank >= 0 && !held.includes(rank)) held.push(rank);
}
