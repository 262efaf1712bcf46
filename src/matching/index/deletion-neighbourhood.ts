/**
 * Typo look-up without scanning the vocabulary (the SymSpell idea): every listed form is filed under
 * itself and each string made by deleting one of its letters; a query token looks up itself and its own
 * one-letter deletions. Two words one substitution, insertion, deletion or adjacent swap apart always
 * share a key, and many two-edit pairs do too. Candidates are verified by `compareTokens`.
 *
 * Keys are hashes of the deletion strings, computed without building them, packed with form ids into
 * one sorted typed array: a million entries cost about 8 MB instead of a million-entry Map, and a hash
 * collision only adds a candidate to verify. Hash and id share the 53 bits a double holds exactly: 30
 * and 22 bits up to 4 million forms, and the hash gives up a bit for every doubling beyond (a
 * ten-million-name index has about 12 million forms).
 */
export class DeletionNeighbourhood {
  private constructor(
    private readonly keys: Uint32Array,
    private readonly formIds: Int32Array,
    private readonly hashBits: number,
  ) {}

  /** Files every form of at least `minLength` letters, without digits, that `include` accepts. */
  static build(forms: readonly string[], minLength: number, include: (id: number) => boolean): DeletionNeighbourhood {
    let count = 0;
    for (let id = 0; id < forms.length; id++) if (filed(forms[id]!, minLength) && include(id)) count += forms[id]!.length + 1;
    const { hashBits, idSpace } = packingFor(forms.length);
    const packed = new Float64Array(count);
    let at = 0;
    const hashes: number[] = [];
    for (let id = 0; id < forms.length; id++) {
      const form = forms[id]!;
      if (!filed(form, minLength) || !include(id)) continue;
      variantHashes(form, hashes, hashBits);
      for (const hash of hashes) packed[at++] = hash * idSpace + id;
    }
    const sorted = packed.subarray(0, at).sort();
    const keys = new Uint32Array(sorted.length);
    const formIds = new Int32Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      const value = sorted[i]!;
      const key = Math.floor(value / idSpace);
      keys[i] = key;
      formIds[i] = value - key * idSpace;
    }
    return new DeletionNeighbourhood(keys, formIds, hashBits);
  }

  /** Calls `visit` with each form id that may be within one or two edits of `token` (unverified, maybe twice). */
  candidates(token: string, visit: (formId: number) => void): void {
    variantHashes(token, queryHashes, this.hashBits);
    for (const key of queryHashes) {
      for (let i = lowerBound(this.keys, key); i < this.keys.length && this.keys[i] === key; i++) visit(this.formIds[i]!);
    }
  }

  get size(): number {
    return this.keys.length;
  }
}

/** The first position in sorted `keys` holding `key` or more (binary search over the packed keys). */
export function lowerBound(keys: Uint32Array, key: number): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Hash bits and form-id space for a vocabulary: hash × id space stays below 2^53, exact in a double. */
export function packingFor(formCount: number): { hashBits: number; idSpace: number } {
  let idBits = 22;
  while (2 ** idBits < formCount) idBits++;
  if (idBits > 31) throw new Error(`typo look-up: ${formCount} forms is more than a form id can hold`);
  return { hashBits: Math.min(30, 53 - idBits), idSpace: 2 ** idBits };
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Reused by every look-up (look-ups are synchronous). */
const queryHashes: number[] = [];
let prefixState = new Int32Array(64);

function filed(form: string, minLength: number): boolean {
  return form.length >= minLength && !/[0-9]/.test(form);
}

/**
 * FNV-1a hashes (folded to `bits` bits) of the token and of each one-letter deletion, distinct values
 * only. The hash state after every prefix is kept, so each deletion hashes only its suffix.
 */
function variantHashes(token: string, into: number[], bits: number): void {
  into.length = 0;
  const length = token.length;
  if (length + 1 > prefixState.length) prefixState = new Int32Array(2 * (length + 1));
  let state = FNV_OFFSET;
  prefixState[0] = state;
  for (let i = 0; i < length; i++) {
    state = Math.imul(state ^ token.charCodeAt(i), FNV_PRIME);
    prefixState[i + 1] = state;
  }
  into.push(fold(state, bits));
  for (let skip = 0; skip < length; skip++) {
    // Deleting either letter of a doubled pair gives the same string: hash it once.
    if (skip > 0 && token.charCodeAt(skip) === token.charCodeAt(skip - 1)) continue;
    let h = prefixState[skip]!;
    for (let i = skip + 1; i < length; i++) h = Math.imul(h ^ token.charCodeAt(i), FNV_PRIME);
    into.push(fold(h, bits));
  }
}

/** The top `bits` bits of the 32-bit hash (30 bits: as the look-up has always folded). */
function fold(hash: number, bits: number): number {
  return hash >>> (32 - bits);
}
