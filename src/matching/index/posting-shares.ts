/** The name table's columns the shares are computed from (see `NameTable` for what each holds). */
export interface PostingWeights {
  postingStart: Int32Array;
  postingName: Int32Array;
  postingWeight: Float32Array;
  nameTotalWeight: Float32Array;
  nameQuietWeight: Float32Array;
  nameGenericWeight: Float32Array;
  nameMaxWeight: Float32Array;
}

/** The columns this file adds to the name table. */
export interface PostingShares {
  postingShare: Uint16Array;
  postingMaxShare: Uint16Array;
  postingInverseTotal: Float32Array;
  formMaxWeight: Float32Array;
}

/** Shares are kept as 16-bit fractions of this, rounded up, so a share read back is never below the true one. */
export const SHARE_SCALE = 65535;

/**
 * Per posting, what the candidate search's share cut reads (`listed-share-cut.ts`), side by side with
 * the postings so a walk reads them in order: the share of the posted name's listed weight the posting
 * covers plus what any query can cover without a posting (the name's particles, legal forms and generic
 * words); the share of its heaviest token; the inverse of its listed weight. And per form, the most a
 * posting of it covers. A common name part is a small share of most names holding it: "Mohamed" is a
 * third of "Mohamed Karimov", so a query meeting such a name through "Mohamed" alone cannot lift its
 * listed coverage to what the threshold needs, and the search need not open it. Eight bytes a posting.
 */
export function postingShares(table: PostingWeights): PostingShares {
  const { postingStart, postingName, postingWeight, nameTotalWeight, nameQuietWeight, nameGenericWeight, nameMaxWeight } = table;
  const postingShare = new Uint16Array(postingName.length);
  const postingMaxShare = new Uint16Array(postingName.length);
  const postingInverseTotal = new Float32Array(postingName.length);
  for (let at = 0; at < postingName.length; at++) {
    const name = postingName[at]!;
    const total = nameTotalWeight[name]!;
    postingShare[at] = scaledUp(total, postingWeight[at]! + nameQuietWeight[name]! + nameGenericWeight[name]!);
    postingMaxShare[at] = scaledUp(total, nameMaxWeight[name]!);
    // Float32 rounds to nearest: a hair more keeps it at or above the true inverse.
    postingInverseTotal[at] = total > 0 ? (1 / total) * (1 + 1e-6) : Number.MAX_VALUE;
  }
  const forms = postingStart.length - 1;
  const formMaxWeight = new Float32Array(forms);
  for (let form = 0; form < forms; form++) {
    let most = 0;
    for (let at = postingStart[form]!; at < postingStart[form + 1]!; at++) most = Math.max(most, postingWeight[at]!);
    formMaxWeight[form] = most;
  }
  return { postingShare, postingMaxShare, postingInverseTotal, formMaxWeight };
}

function scaledUp(total: number, part: number): number {
  if (!(total > 0)) return SHARE_SCALE;
  return Math.min(SHARE_SCALE, Math.ceil((part / total) * SHARE_SCALE) + 1);
}
