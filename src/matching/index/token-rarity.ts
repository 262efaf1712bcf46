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
    private readonly entitiesByKey: ReadonlyMap<string, number>,
  ) {}

  /**
   * Counts, over the indexed names (grouped by entity, in order), how many entities use each form as
   * a token and each phonetic key. Initials are not counted: they are weighed as initials.
   */
  static measure(names: IndexedTokens): TokenRarity {
    const { vocabulary, nameEntity, tokenStart, tokenForm, tokenRole } = names;
    const entitiesByForm = new Int32Array(vocabulary.size);
    const lastEntityByForm = new Int32Array(vocabulary.size).fill(-1);
    const entitiesByKey = new Map<string, number>();
    let keysSeen = new Set<string>();
    let currentEntity = -1;
    for (let name = 0; name < nameEntity.length; name++) {
      const entity = nameEntity[name]!;
      if (entity !== currentEntity) {
        currentEntity = entity;
        keysSeen = new Set();
      }
      for (let p = tokenStart[name]!; p < tokenStart[name + 1]!; p++) {
        if (tokenRole[p] === INITIAL_ROLE_CODE) continue;
        const form = tokenForm[p]!;
        if (lastEntityByForm[form] !== entity) {
          lastEntityByForm[form] = entity;
          entitiesByForm[form]!++;
        }
        for (const key of vocabulary.keysOf(form)) {
          if (keysSeen.has(key)) continue;
          keysSeen.add(key);
          entitiesByKey.set(key, (entitiesByKey.get(key) ?? 0) + 1);
        }
      }
    }
    return new TokenRarity(names.entityCount, entitiesByForm, entitiesByKey);
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
    if (role === 'initial') return INITIAL_TOKEN_WEIGHT;
    const spelling = this.inverseFrequency(formId === undefined ? 0 : (this.entitiesByForm[formId] ?? 0));
    const primaryKey = keys[0];
    const sound =
      primaryKey === undefined ? spelling : this.inverseFrequency(this.entitiesByKey.get(primaryKey) ?? 0);
    const rarity = SPELLING_RARITY_SHARE * spelling + (1 - SPELLING_RARITY_SHARE) * Math.min(sound, spelling);
    return rarity * ROLE_WEIGHT_FACTOR[role];
  }
}

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
