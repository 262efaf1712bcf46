/**
 * Regroups each form's postings by a small code per name (`name-table.ts` codes the entity's kind, people
 * first, then organisations, vessels, others, and whether the name has an initial), keeping name order
 * within each group, and returns where each group starts: form f's names of group g are
 * postingName[groupStart[f * groups + g] .. end), end being the next group's start or postingStart[f + 1].
 *
 * Why: a search only ever opens names of the kinds it allows, yet "Mohammad" is in tens of thousands of
 * person names a company screen (or the type-mismatch pass of a person screen) would otherwise walk
 * only to skip. Grouping lets it walk just its kinds' postings, and walk the few names with an initial
 * (whose bound is looser, see `candidate-search.ts`) apart from the rest.
 */
export function groupPostings(
  postingStart: Int32Array,
  postingName: Int32Array,
  postingWeight: Float32Array,
  nameGroup: Uint8Array,
  groups: number,
): Int32Array {
  const forms = postingStart.length - 1;
  const groupStart = new Int32Array(forms * groups);
  let longest = 0;
  for (let f = 0; f < forms; f++) longest = Math.max(longest, postingStart[f + 1]! - postingStart[f]!);
  const names = new Int32Array(longest);
  const weights = new Float32Array(longest);
  const counts = new Int32Array(groups);
  const fill = new Int32Array(groups);
  for (let f = 0; f < forms; f++) {
    const from = postingStart[f]!;
    const to = postingStart[f + 1]!;
    counts.fill(0);
    let mixed = false;
    const firstGroup = to > from ? nameGroup[postingName[from]!]! : 0;
    for (let at = from; at < to; at++) {
      const group = nameGroup[postingName[at]!]!;
      counts[group]!++;
      if (group !== firstGroup) mixed = true;
    }
    let start = from;
    for (let g = 0; g < groups; g++) {
      groupStart[f * groups + g] = start;
      start += counts[g]!;
    }
    if (!mixed) continue; // already one group: nothing to move
    for (let g = 0; g < groups; g++) fill[g] = groupStart[f * groups + g]! - from;
    for (let at = from; at < to; at++) {
      const slot = fill[nameGroup[postingName[at]!]!]!++;
      names[slot] = postingName[at]!;
      weights[slot] = postingWeight[at]!;
    }
    postingName.set(names.subarray(0, to - from), from);
    postingWeight.set(weights.subarray(0, to - from), from);
  }
  return groupStart;
}

/** End of form f's group g (see `groupPostings`). */
export function groupEnd(groupStart: Int32Array, postingStart: Int32Array, groups: number, form: number, group: number): number {
  return group < groups - 1 ? groupStart[form * groups + group + 1]! : postingStart[form + 1]!;
}
