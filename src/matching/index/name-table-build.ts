import type { ListedEntity } from '../../sources/listed-entity';
import { isWrittenWithoutVowels } from '../prepare/fold-text';
import { namesIn } from '../prepare/names-in';
import { tokeniseName, type TokenRole } from '../prepare/tokenise-name';
import { FormVocabulary } from './form-vocabulary';
import { GrowableColumn } from './growable-column';
import {
  contextOf,
  isQuietRole,
  KIND_CODES,
  letterBit,
  POSTING_GROUPS,
  postingGroupOf,
  ROLE_CODES,
  type BuiltNameTable,
  type NameTable,
} from './name-table';
import { groupPostings } from './posting-groups';
import { postingShares } from './posting-shares';
import { TokenRarity } from './token-rarity';

const OTHER_KIND = KIND_CODES.indexOf('other');
const ROLE_CODE_OF = Object.fromEntries(ROLE_CODES.map((role, code) => [role, code])) as Record<TokenRole, number>;

/**
 * Builds the name table of a list version: every name (and each name of a field that lists several)
 * tokenised once, its tokens filed as forms, weighed by their rarity among the listed entities, and the
 * postings from each form to the names holding it, grouped and given their shares. It runs once per
 * version, over every name of the lists, so it fills growable typed arrays in plain loops rather than
 * building an object per token.
 */
export function buildNameTable(source: Iterable<ListedEntity>): BuiltNameTable {
  const forms = FormVocabulary.builder();
  const entities: ListedEntity[] = [];
  const nameEntity = new GrowableColumn((n) => new Int32Array(n));
  const nameAlias = new GrowableColumn((n) => new Int16Array(n));
  const nameWeak = new GrowableColumn((n) => new Uint8Array(n));
  const tokenStart = new GrowableColumn((n) => new Int32Array(n));
  const tokenForm = new GrowableColumn((n) => new Int32Array(n));
  const tokenRole = new GrowableColumn((n) => new Uint8Array(n));
  const joinForm = new GrowableColumn((n) => new Int32Array(n));
  tokenStart.push(0);

  for (const entity of source) {
    const entityIndex = entities.push(entity) - 1;
    const context = contextOf(entity.kind);
    const seen = new Set<string>();
    const aliases = entity.aliases;
    // Plain loops rather than closures: this runs for every name of a million-name index.
    for (let index = 0; index <= aliases.length; index++) {
      const listed = index === 0 ? { name: entity.primaryName, strength: 'strong' } : aliases[index - 1]!;
      const loose = !isWrittenWithoutVowels(listed.name);
      // Each name of a field that lists several ("Husain Salimi; Hosain Salimi") is indexed as its own.
      for (const name of namesIn(listed.name)) {
        const tokens = tokeniseName(name, context);
        if (tokens.length === 0) continue;
        let signature = tokens[0]!.text;
        for (let t = 1; t < tokens.length; t++) signature += ' ' + tokens[t]!.text;
        if (seen.has(signature)) continue;
        seen.add(signature);
        nameEntity.push(entityIndex);
        nameAlias.push(index - 1);
        nameWeak.push(listed.strength === 'weak' ? 1 : 0);
        let previousForm = -1;
        for (let position = 0; position < tokens.length; position++) {
          const token = tokens[position]!;
          const form = forms.add(token.text, { loose });
          tokenForm.push(form);
          tokenRole.push(ROLE_CODE_OF[token.role]);
          if (position > 0) {
            const before = tokens[position - 1]!;
            const joinable = before.role !== 'initial' && token.role !== 'initial';
            joinForm.push(joinable ? forms.addJoin(previousForm, form, before.text, token.text, loose) : -1);
          }
          previousForm = form;
        }
        joinForm.push(-1); // the last token of a name joins nothing
        tokenStart.push(tokenForm.length);
      }
    }
  }

  const vocabulary = forms.finish();
  const columns = {
    nameEntity: nameEntity.finish(),
    nameAlias: nameAlias.finish(),
    nameWeak: nameWeak.finish(),
    tokenStart: tokenStart.finish(),
    tokenForm: tokenForm.finish(),
    tokenRole: tokenRole.finish(),
    joinForm: joinForm.finish(),
  };
  const rarity = TokenRarity.measure({ entityCount: entities.length, vocabulary, ...columns });
  const table = {
    entities,
    entityKind: Uint8Array.from(entities, (e) => (KIND_CODES.includes(e.kind) ? KIND_CODES.indexOf(e.kind) : OTHER_KIND)),
    vocabulary,
    rarity,
    ...columns,
  };
  const weights = weighTokens(table);
  const postings = buildPostings({ ...table, ...weights });
  const { nameGroup, nameLetters, formQuiet, formNamed } = roleFlags(columns, table.entityKind, vocabulary.texts);
  const postingGroupStart = groupPostings(postings.postingStart, postings.postingName, postings.postingWeight, nameGroup, POSTING_GROUPS);
  const shares = postingShares({ ...weights, ...postings });
  return { ...table, ...weights, ...postings, postingGroupStart, ...shares, nameLetters, formQuiet, formNamed };
}

/**
 * In one pass over the listed tokens: each name's posting group (`postingGroupOf`) and first letters,
 * and per form whether some name holds it in a quiet role and in which kinds' names it is a name word
 * or a join.
 */
function roleFlags(
  columns: Pick<NameTable, 'nameEntity' | 'tokenStart' | 'tokenForm' | 'tokenRole' | 'joinForm'>,
  entityKind: Uint8Array,
  texts: readonly string[],
): Pick<NameTable, 'nameLetters' | 'formQuiet' | 'formNamed'> & { nameGroup: Uint8Array } {
  const nameGroup = new Uint8Array(columns.nameEntity.length);
  const nameLetters = new Uint32Array(columns.nameEntity.length);
  const formQuiet = new Uint8Array(texts.length);
  const formNamed = new Uint8Array(texts.length);
  for (let name = 0; name < nameGroup.length; name++) {
    const kind = entityKind[columns.nameEntity[name]!]!;
    let initial = false;
    for (let p = columns.tokenStart[name]!; p < columns.tokenStart[name + 1]!; p++) {
      const role = ROLE_CODES[columns.tokenRole[p]!]!;
      nameLetters[name]! |= letterBit(texts[columns.tokenForm[p]!]!);
      initial ||= role === 'initial';
      if (isQuietRole(role)) formQuiet[columns.tokenForm[p]!] = 1;
      else if (role !== 'generic') formNamed[columns.tokenForm[p]!]! |= 1 << kind;
      if (columns.joinForm[p]! >= 0) formNamed[columns.joinForm[p]!]! |= 1 << kind;
    }
    nameGroup[name] = postingGroupOf(kind, initial);
  }
  return { nameGroup, nameLetters, formQuiet, formNamed };
}

type UnweightedTable = Pick<NameTable, 'vocabulary' | 'rarity' | 'tokenStart' | 'tokenForm' | 'tokenRole'>;

function weighTokens(table: UnweightedTable) {
  const names = table.tokenStart.length - 1;
  const tokenWeight = new Float32Array(table.tokenForm.length);
  const nameTotalWeight = new Float32Array(names);
  const nameQuietWeight = new Float32Array(names);
  const nameGenericWeight = new Float32Array(names);
  const nameMaxWeight = new Float32Array(names);
  for (let name = 0; name < names; name++) {
    for (let p = table.tokenStart[name]!; p < table.tokenStart[name + 1]!; p++) {
      const role = ROLE_CODES[table.tokenRole[p]!]!;
      const form = table.tokenForm[p]!;
      const weight = table.rarity.weightOfForm(role, form);
      tokenWeight[p] = weight;
      nameTotalWeight[name]! += weight;
      if (isQuietRole(role)) nameQuietWeight[name]! += weight;
      if (role === 'generic') nameGenericWeight[name]! += weight;
      nameMaxWeight[name] = Math.max(nameMaxWeight[name]!, weight);
    }
  }
  return { tokenWeight, nameTotalWeight, nameQuietWeight, nameGenericWeight, nameMaxWeight };
}

/**
 * Postings in two passes over the names (count, then fill) straight into typed arrays: building a
 * tuple per occurrence would cost tens of megabytes at peak. A form twice in one name (as a token and
 * as a join) is one posting carrying both weights, so the postings bound (`postings-bound.ts`) never
 * undercounts.
 */
function buildPostings(table: UnweightedTable & Pick<NameTable, 'joinForm' | 'tokenWeight'>) {
  const names = table.tokenStart.length - 1;
  const forms = table.vocabulary.size;
  const postingStart = new Int32Array(forms + 1);
  const lastNameByForm = new Int32Array(forms).fill(-1);
  const visit = (each: (form: number, name: number, weight: number) => void) => {
    for (let name = 0; name < names; name++) {
      const end = table.tokenStart[name + 1]!;
      for (let p = table.tokenStart[name]!; p < end; p++) {
        if (!isQuietRole(ROLE_CODES[table.tokenRole[p]!]!)) each(table.tokenForm[p]!, name, table.tokenWeight[p]!);
        const join = table.joinForm[p]!;
        if (join >= 0) each(join, name, table.tokenWeight[p]! + table.tokenWeight[p + 1]!);
      }
    }
  };
  visit((form, name) => {
    if (lastNameByForm[form] === name) return;
    lastNameByForm[form] = name;
    postingStart[form + 1]!++;
  });
  for (let f = 0; f < forms; f++) postingStart[f + 1]! += postingStart[f]!;
  const fill = postingStart.slice(0, forms);
  const postingName = new Int32Array(postingStart[forms]!);
  const postingWeight = new Float32Array(postingStart[forms]!);
  lastNameByForm.fill(-1);
  visit((form, name, weight) => {
    if (lastNameByForm[form] === name) {
      postingWeight[fill[form]! - 1]! += weight;
      return;
    }
    lastNameByForm[form] = name;
    const at = fill[form]!++;
    postingName[at] = name;
    postingWeight[at] = weight;
  });
  return { postingStart, postingName, postingWeight };
}
