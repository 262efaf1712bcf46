import type { MatchQuery } from '../src/matching';
import type { ListedEntity } from '../src/sources/listed-entity';
import { droppedPart, initial, joinedOrSplit, reorder, transliteration, typo, VARIANT_KINDS, type VariantKind } from './name-variants';
import type { SeededRandom } from './seeded-random';

/** A listed name as a customer record might spell it, remembering where it came from. */
export interface ListedVariant {
  query: MatchQuery;
  variation: VariantKind;
  entity: ListedEntity;
  /** The listed name (primary or alias) the variant was made from. */
  from: string;
}

/** Entities a customer query could be about: people and organisations (vessels are matched by IMO). */
export function screenable(entity: ListedEntity): boolean {
  return entity.kind === 'person' || entity.kind === 'organisation';
}

/** Latin-script aliases the list does not call weak: what a customer's paperwork would carry. */
export function usableAliases(entity: ListedEntity): string[] {
  return entity.aliases
    .filter((a) => a.script === 'latin' && a.strength !== 'weak' && a.type !== 'original_script')
    .map((a) => a.name);
}

/** `count` listed names spelled differently (each a variant of a random kind of a random screenable entity). */
export function listedQueries(entities: readonly ListedEntity[], random: SeededRandom, count: number): MatchQuery[] {
  const listed = entities.filter(screenable);
  const queries: MatchQuery[] = [];
  while (queries.length < count) {
    const variant = listedVariant(random.pick(listed), random.pick(VARIANT_KINDS), random);
    if (variant) queries.push(variant.query);
  }
  return queries;
}

/**
 * Makes one variant of the entity's names of the given kind, or null when that kind does not apply
 * (no alias, too few words to drop one, no transliteration rule fits).
 */
export function listedVariant(entity: ListedEntity, variation: VariantKind, random: SeededRandom): ListedVariant | null {
  const person = entity.kind === 'person';
  const aliases = usableAliases(entity);
  const from = variation === 'alias' ? (aliases.length > 0 ? random.pick(aliases) : null) : pickName(entity, aliases, random);
  if (from === null) return null;
  const name = applyVariation(from, variation, person, random);
  if (name === null || name.trim() === '') return null;
  return { query: { name, entityType: person ? 'person' : 'organisation' }, variation, entity, from };
}

function pickName(entity: ListedEntity, aliases: string[], random: SeededRandom): string {
  return aliases.length > 0 && random.chance(0.3) ? random.pick(aliases) : entity.primaryName;
}

function applyVariation(name: string, variation: VariantKind, person: boolean, random: SeededRandom): string | null {
  switch (variation) {
    case 'alias':
      return name;
    case 'typo':
      return typo(name, random);
    case 'reorder':
      return reorder(name, random);
    case 'dropped_part':
      return droppedPart(name, random, person);
    case 'transliteration':
      return transliteration(name, random);
    case 'joined_split':
      return joinedOrSplit(name, random);
    case 'initial':
      return person ? initial(name) : null;
    case 'typo_reorder': {
      const reordered = reorder(name, random);
      return reordered === null ? null : typo(reordered, random);
    }
  }
}
