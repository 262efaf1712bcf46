import { TOKEN_ROLES, type TokenRole } from '../prepare/tokenise-name';
import type { FormVocabulary } from './form-vocabulary';
import { INFORMATION_FLOOR_SHARE, INITIAL_TOKEN_WEIGHT, ROLE_WEIGHT_FACTOR, SPELLING_RARITY_SHARE } from '../score-weights';

/**
 * How much a token says about identity: the rarer it is among listed entities, the more a match on it
 * counts and the more its absence costs. Rarity blends the spelling's own document frequency with that
 * of its sound, so "Mohamad" (a rare spelling) weighs as little as "Mohammed" (a common name), while a
 * token nobody is listed under weighs most of all.
 */
export class TokenRarity {
  constructor(
    private readonly entityCount: number,
    private readonly entitiesByForm: Int32Array,
    /** Entities per phonetic key id (see `PhoneticKeyTable`). */
    private readonly entitiesByKey: Int32Array,
    private readonly vocabulary: FormVocabulary,
  ) {}

  /**
   * Counts, over the indexed names (grouped by entity, in order), how many entities use each form as
   * a token and each phonetic key. Initials are not counted: they are weighed as initials.
   */
  static measure(names: IndexedTokens): TokenRarity {
    const { vocabulary, nameEntity, tokenStart, tokenForm, tokenRole } = names;
    const entitiesByForm = new Int32Array(vocabulary.size);
    const lastEntityByForm = new Int32Array(vocabulary.size).fill(-1);
    const entitiesByKey = new Int32Array(vocabulary.keys.keyCount);
    const lastEntityByKey = new Int32Array(vocabulary.keys.keyCount).fill(-1);
    let entity = -1;
    const countKey = (keyId: number) => {
      if (lastEntityByKey[keyId] === entity) return;
      lastEntityByKey[keyId] = entity;
      entitiesByKey[keyId]!++;
    };
    for (let name = 0; name < nameEntity.length; name++) {
      entity = nameEntity[name]!;
      for (let p = tokenStart[name]!; p < tokenStart[name + 1]!; p++) {
        if (tokenRole[p] === INITIAL_ROLE_CODE) continue;
        const form = tokenForm[p]!;
        if (lastEntityByForm[form] !== entity) {
          lastEntityByForm[form] = entity;
          entitiesByForm[form]!++;
        }
        vocabulary.keys.forEachKeyId(form, countKey);
      }
    }
    return new TokenRarity(names.entityCount, entitiesByForm, entitiesByKey, vocabulary);
  }

  /** Inverse document frequency over entities, smoothed so unseen tokens stay finite. */
  inverseFrequency(entities: number): number {
    return Math.log((this.entityCount + 1) / (entities + 0.5));
  }

  /** Listed weight a match needs to meet to count in full (see `INFORMATION_FLOOR_SHARE`). */
  get informationFloor(): number {
    return INFORMATION_FLOOR_SHARE * this.inverseFrequency(0);
  }

  /** Weight of a token given its role, listed form (if the vocabulary has it) and phonetic keys. */
  weightOf(role: TokenRole, formId: number | undefined, keys: readonly string[]): number {
    const primaryKey = keys[0];
    const keyId = primaryKey === undefined ? -1 : (this.vocabulary.keys.keyIdOf(primaryKey) ?? NO_LISTED_KEY);
    return this.weigh(role, formId, keyId);
  }

  /** `weightOf` for a listed form with its own keys, without building their strings. */
  weightOfForm(role: TokenRole, formId: number): number {
    return this.weigh(role, formId, this.vocabulary.keys.primaryKeyIdOf(formId));
  }

  /** `keyId` -1: no key (the spelling alone counts); `NO_LISTED_KEY`: a key no listed token has. */
  private weigh(role: TokenRole, formId: number | undefined, keyId: number): number {
    if (role === 'initial') return INITIAL_TOKEN_WEIGHT;
    const spelling = this.inverseFrequency(formId === undefined ? 0 : (this.entitiesByForm[formId] ?? 0));
    const sound = keyId === -1 ? spelling : this.inverseFrequency(keyId === NO_LISTED_KEY ? 0 : (this.entitiesByKey[keyId] ?? 0));
    const rarity = SPELLING_RARITY_SHARE * spelling + (1 - SPELLING_RARITY_SHARE) * Math.min(sound, spelling);
    return rarity * ROLE_WEIGHT_FACTOR[role];
  }
}

const NO_LISTED_KEY = -2;

/** The token columns of the name table that rarity is measured on. */
export interface IndexedTokens {
  entityCount: number;
  vocabulary: FormVocabulary;
  nameEntity: ArrayLike<number>;
  tokenStart: ArrayLike<number>;
  tokenForm: ArrayLike<number>;
  tokenRole: ArrayLike<number>;
}

const INITIAL_ROLE_CODE = TOKEN_ROLES.indexOf('initial');
