/**
 * Regroups each form's postings by the kind of the entity the name belongs to (people first, then
 * organisations, vessels, others), keeping name order within each kind, and returns where each group
 * starts: form f's names of kind k are postingName[kindStart[f * kinds + k] .. end), end being
 * the next kind's start or postingStart[f + 1].
 *
 * Why: a search only ever opens names of the kinds it allows, yet "Mohammad" is in tens of thousands of
 * person names a company screen (or the type-mismatch pass of a person screen) would otherwise walk
 * only to skip. Grouping lets it walk just its kinds' postings. The order of one entity's names is
 * unchanged (they share a kind), so which of an entity's tied names is kept is unchanged too.
 */
export function groupPostingsByKind(
  postingStart: Int32Array,
  postingName: Int32Array,
  postingWeight: Float32Array,
  nameKind: Uint8Array,
  kinds: number,
): Int32Array {
  const forms = postingStart.length - 1;
  const kindStart = new Int32Array(forms * kinds);
  let longest = 0;
  for (let f = 0; f < forms; f++) longest = Math.max(longest, postingStart[f + 1]! - postingStart[f]!);
  const names = new Int32Array(longest);
  const weights = new Float32Array(longest);
  const counts = new Int32Array(kinds);
  const fill = new Int32Array(kinds);
  for (let f = 0; f < forms; f++) {
    const from = postingStart[f]!;
    const to = postingStart[f + 1]!;
    counts.fill(0);
    let mixed = false;
    const firstKind = to > from ? nameKind[postingName[from]!]! : 0;
    for (let at = from; at < to; at++) {
      const kind = nameKind[postingName[at]!]!;
      counts[kind]!++;
      if (kind !== firstKind) mixed = true;
    }
    let start = from;
    for (let k = 0; k < kinds; k++) {
      kindStart[f * kinds + k] = start;
      start += counts[k]!;
    }
    if (!mixed) continue; // already one group: nothing to move
    for (let k = 0; k < kinds; k++) fill[k] = kindStart[f * kinds + k]! - from;
    for (let at = from; at < to; at++) {
      const slot = fill[nameKind[postingName[at]!]!]!++;
      names[slot] = postingName[at]!;
      weights[slot] = postingWeight[at]!;
    }
    postingName.set(names.subarray(0, to - from), from);
    postingWeight.set(weights.subarray(0, to - from), from);
  }
  return kindStart;
}

/** End of form f's group of kind k (see `groupPostingsByKind`). */
export function kindEnd(kindStart: Int32Array, postingStart: Int32Array, kinds: number, form: number, kind: number): number {
  return kind < kinds - 1 ? kindStart[form * kinds + kind + 1]! : postingStart[form + 1]!;
}
