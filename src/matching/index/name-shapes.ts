import { isSyllabicName } from '../prepare/syllabic-name';
import type { NameShape } from '../score/name-alignment';
import { KIND_CODES, type NameTable } from './name-table';

const PERSON = KIND_CODES.indexOf('person');

/** The shapes, in the order `nameShapes` codes them. */
export const SHAPES: readonly NameShape[] = ['other', 'person', 'syllabic'];

/**
 * Per listed name, its `NameShape` as an index into `SHAPES`: a person's name written in one-syllable
 * words ("KIM Jong Un", "LI Fang Wei"; see `prepare/syllabic-name.ts`), another person's name, or any
 * other name. One byte a name, computed once when the index is built.
 */
export function nameShapes(table: NameTable): Uint8Array {
  const names = table.nameEntity.length;
  const shapes = new Uint8Array(names);
  const words: string[] = [];
  for (let name = 0; name < names; name++) {
    if (table.entityKind[table.nameEntity[name]!] !== PERSON) continue;
    words.length = 0;
    for (let p = table.tokenStart[name]!; p < table.tokenStart[name + 1]!; p++) words.push(table.vocabulary.texts[table.tokenForm[p]!]!);
    shapes[name] = SHAPES.indexOf(isSyllabicName(words) ? 'syllabic' : 'person');
  }
  return shapes;
}
