import { phoneticKeys } from '../prepare/phonetic-key';

/**
 * The phonetic keys of every listed form, and the forms under every key, in flat typed arrays over
 * interned key ids. A million-name index has over a million forms: an array of key strings per form
 * and an array of form ids per key cost about 160 MB of small heap objects, and twice that while a new
 * list version is indexed beside the one in service; these columns cost under 30 MB, and the garbage
 * collector never walks them.
 */
export class PhoneticKeyTable {
  private constructor(
    /** Each distinct key once; a key id indexes it. */
    private readonly keyTexts: readonly string[],
    private readonly keyIdByText: ReadonlyMap<string, number>,
    /** Keys of form f are keyIds[formKeyStart[f] .. formKeyStart[f+1]-1], in `phoneticKeys` order. */
    private readonly formKeyStart: Int32Array,
    private readonly formKeyIds: Int32Array,
    /** Forms under key k are keyForms[keyFormStart[k] .. keyFormStart[k+1]-1], in form id order. */
    private readonly keyFormStart: Int32Array,
    private readonly keyForms: Int32Array,
  ) {}

  /** Keys every form `keyed` accepts (the others get none: they are met exactly or not at all). */
  static build(texts: readonly string[], keyed: (id: number) => boolean): PhoneticKeyTable {
    const keyTexts: string[] = [];
    const keyIdByText = new Map<string, number>();
    const formKeyStart = new Int32Array(texts.length + 1);
    let formKeyIds: Int32Array = new Int32Array(Math.max(16, texts.length * 2));
    let at = 0;
    for (let id = 0; id < texts.length; id++) {
      if (keyed(id)) {
        for (const key of phoneticKeys(texts[id]!)) {
          let keyId = keyIdByText.get(key);
          if (keyId === undefined) {
            keyId = keyTexts.push(key) - 1;
            keyIdByText.set(key, keyId);
          }
          if (at === formKeyIds.length) formKeyIds = grown(formKeyIds);
          formKeyIds[at++] = keyId;
        }
      }
      formKeyStart[id + 1] = at;
    }
    formKeyIds = formKeyIds.slice(0, at);
    // Forms by key: count, prefix sums, fill (form ids ascending within each key).
    const keyFormStart = new Int32Array(keyTexts.length + 1);
    for (let i = 0; i < at; i++) keyFormStart[formKeyIds[i]! + 1]!++;
    for (let k = 0; k < keyTexts.length; k++) keyFormStart[k + 1]! += keyFormStart[k]!;
    const fill = keyFormStart.slice(0, keyTexts.length);
    const keyForms = new Int32Array(at);
    for (let id = 0; id < texts.length; id++) {
      for (let i = formKeyStart[id]!; i < formKeyStart[id + 1]!; i++) keyForms[fill[formKeyIds[i]!]!++] = id;
    }
    return new PhoneticKeyTable(keyTexts, keyIdByText, formKeyStart, formKeyIds, keyFormStart, keyForms);
  }

  get keyCount(): number {
    return this.keyTexts.length;
  }

  keyIdOf(key: string): number | undefined {
    return this.keyIdByText.get(key);
  }

  /** Calls `visit` with each key id of the form, in `phoneticKeys` order. */
  forEachKeyId(formId: number, visit: (keyId: number) => void): void {
    for (let i = this.formKeyStart[formId]!; i < this.formKeyStart[formId + 1]!; i++) visit(this.formKeyIds[i]!);
  }

  /** The form's first (primary) key id, or -1 when it has none. */
  primaryKeyIdOf(formId: number): number {
    const from = this.formKeyStart[formId]!;
    return from < this.formKeyStart[formId + 1]! ? this.formKeyIds[from]! : -1;
  }

  /** True when the form has one of these key ids (ids from `keyIdOf`; -1 for a key no form has). */
  hasAnyKeyId(formId: number, keyIds: readonly number[]): boolean {
    for (let i = this.formKeyStart[formId]!; i < this.formKeyStart[formId + 1]!; i++) {
      if (keyIds.includes(this.formKeyIds[i]!)) return true;
    }
    return false;
  }

  /** Calls `visit` with each form filed under the key. */
  forEachFormOf(key: string, visit: (formId: number) => void): void {
    const keyId = this.keyIdByText.get(key);
    if (keyId === undefined) return;
    for (let i = this.keyFormStart[keyId]!; i < this.keyFormStart[keyId + 1]!; i++) visit(this.keyForms[i]!);
  }
}

function grown(array: Int32Array): Int32Array {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}
