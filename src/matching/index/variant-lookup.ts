import { variantKeyOf } from '../prepare/name-variants';
import type { NameContext } from '../prepare/tokenise-name';
import { SKELETON_HOW } from './skeleton-lookup';

/** The `FormHits.hows` code of a name-variant hit (after the skeleton hit). */
export const VARIANT_HOW = SKELETON_HOW + 1;

/** The `FormHits.hows` code of a hit through a Cyrillic token's English transcription (after the variant hit). */
export const TRANSCRIPTION_HOW = VARIANT_HOW + 1;

/**
 * Listed tokens by name-variant key (see `prepare/name-variants.ts`), so a query token meets the
 * other-language forms of its name: "Volodymyr" the listed "Vladimir", "Mykolayovych" the listed
 * "Nikolaevich", "zavod" the listed "plant". Only tokens that are a known variant are filed, a few
 * thousand forms even in a million-name index.
 */
export class VariantLookup {
  private constructor(private readonly formsByKey: ReadonlyMap<string, readonly number[]>) {}

  /** Files every listed token (`isToken`) under its person and organisation variant keys, in form-id order. */
  static build(texts: readonly string[], isToken: (formId: number) => boolean): VariantLookup {
    const formsByKey = new Map<string, number[]>();
    const file = (key: string | null, id: number) => {
      if (key === null) return;
      const forms = formsByKey.get(key);
      if (forms) forms.push(id);
      else formsByKey.set(key, [id]);
    };
    for (let id = 0; id < texts.length; id++) {
      if (!isToken(id)) continue;
      file(variantKeyOf(texts[id]!, 'person'), id);
      file(variantKeyOf(texts[id]!, 'organisation'), id);
    }
    return new VariantLookup(formsByKey);
  }

  /** The listed forms filed under the token's variant key in this context (none when it has no key). */
  formsOf(token: string, context: NameContext): readonly number[] {
    const key = variantKeyOf(token, context);
    return key === null ? NONE : (this.formsByKey.get(key) ?? NONE);
  }
}

const NONE: readonly number[] = [];
